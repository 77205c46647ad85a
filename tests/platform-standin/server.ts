/**
 * Serves the platform stand-in (./app.ts) over HTTP with Node 22, for the upstream journey (Playwright starts
 * it next to PlayDeck in upstream mode) and for trying upstream mode by hand:
 *   node tests/platform-standin/server.ts --port 8796
 * Environment: STANDIN_CAPTCHA_ANSWER (the captcha answer; default 7364). The seeded player is in ./shapes.ts.
 * Answers GET /standin/health with 200 once ready.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createStandin } from './app.ts';

const portFlag = process.argv.indexOf('--port');
const port = Number(portFlag > 0 ? process.argv[portFlag + 1] : (process.env.PORT ?? 8796));
const standin = await createStandin({ captchaAnswer: process.env.STANDIN_CAPTCHA_ANSWER || undefined });

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
  res.end(Buffer.from(await answer.arrayBuffer()));
}

const server = createServer((req, res) => {
  void (async () => {
    try {
      if (req.url === '/standin/health') {
        res.end('ok');
        return;
      }
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
