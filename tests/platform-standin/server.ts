/**
 * Serves the platform stand-in (./app.ts) over HTTP with Node 22, for the upstream journey (Playwright starts
 * it next to PlayDeck in upstream mode) and for trying upstream mode by hand:
 *   node tests/platform-standin/server.ts --port 8796
 * Environment: STANDIN_CAPTCHA_ANSWER (the captcha answer; default 7364). The seeded player is in ./shapes.ts.
 * Answers GET /standin/health with 200 once ready. `POST /standin/fault` sets the fault switch (./faults.ts): the
 * tests make the stand-in slow, refuse, fail, answer garbage or drop connections, and switch it off again.
 * `GET /standin/counts` answers, per `METHOD /path` of a state-changing call, `{ calls, applied }`: the calls
 * received and those that ran (a replayed `Idempotency-Key` does not run again; app.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createStandin } from './app.ts';
import { FAULT_PATH, FaultSwitch } from './faults.ts';

const portFlag = process.argv.indexOf('--port');
const port = Number(portFlag > 0 ? process.argv[portFlag + 1] : (process.env.PORT ?? 8796));
const standin = await createStandin({ captchaAnswer: process.env.STANDIN_CAPTCHA_ANSWER || undefined });
const faults = new FaultSwitch();
/** The stand-in's counts of state-changing calls (test path, never faulted). */
const COUNTS_PATH = '/standin/counts';

/** Node request → fetch Request (duplicate headers stay joined with ", ", as fetch would see them). */
async function toRequest(req: IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && chunks.length > 0;
  return new Request(`http://${req.headers.host ?? `127.0.0.1:${port}`}${req.url ?? '/'}`, {
    method: req.method ?? 'GET',
    headers,
    ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
  });
}

async function reply(res: ServerResponse, answer: Response): Promise<void> {
  res.statusCode = answer.status;
  answer.headers.forEach((value, name) => res.setHeader(name, value));
  if (!answer.body) {
    res.end();
    return;
  }
  // Streamed, so a huge answer (fault `huge`) is never held whole; stops when the reader hangs up.
  for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
    if (res.destroyed) return;
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end();
}

/** `POST /standin/fault`: sets the fault switch; answers the switch's state (400 on an unreadable body). */
async function setFault(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  res.setHeader('Content-Type', 'application/json');
  try {
    const state = faults.set(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
    res.end(JSON.stringify(state));
  } catch (error) {
    res.statusCode = 400;
    res.end(JSON.stringify({ error: String(error) }));
  }
}

const server = createServer((req, res) => {
  void (async () => {
    try {
      if (req.url === '/standin/health') {
        res.end('ok');
        return;
      }
      if (req.url === FAULT_PATH && req.method === 'POST') {
        await setFault(req, res);
        return;
      }
      if (req.url === COUNTS_PATH) {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(Object.fromEntries(standin.counts)));
        return;
      }
      const action = faults.actionFor(new URL(req.url ?? '/', 'http://standin').pathname);
      // The request runs first (its effect applies); only the answer is lost.
      if ((action.kind === 'refuse' || action.kind === 'drop') && action.applied) await standin.fetch(await toRequest(req));
      if (action.kind === 'refuse') {
        req.socket.destroy();
        return;
      }
      if (action.kind === 'drop') {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '4096' });
        res.write(action.head, () => setTimeout(() => req.socket.destroy(), 20));
        return;
      }
      if (action.kind === 'answer') {
        await reply(res, action.response);
        return;
      }
      if (action.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, action.ms));
      if (res.destroyed) return;
      await reply(res, await standin.fetch(await toRequest(req)));
    } catch (error) {
      console.error('stand-in request failed', error);
      res.statusCode = 500;
      res.end();
    }
  })();
});
server.listen(port, '127.0.0.1', () => console.log(`platform stand-in on http://127.0.0.1:${port}`));
const stop = (): void => {
  server.close(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
