/**
 * API benchmark (not part of `npm test`): starts the local worker on a fresh local database and runs autocannon
 * against six calls — the game list, hot games, member info, login, and a game provider's wallet balance and debit
 * (docs/game-providers.md) — at 10 and 50 connections for a fixed
 * duration each, printing requests per second and latency p50/p99 per call and connection count. For the game
 * list it also prints the ratio of the worker's time for the whole request to the bare D1 batch the handler runs
 * (goal ≤ 1.5×), measured in-process by the development-only route GET /wps/playdeck/dev/gameListTiming
 * (worker/api/dev-timing.ts; 404 in production): `--runs` requests and queries each, three times, the median; the
 * same for the wallet's debit against the bare D1 batch it writes (GET /wps/playdeck/dev/walletTiming). For the
 * wallet a provider `benchstudio` is configured with the operator command, its launch endpoint is a small local
 * server that keeps the launch token, one player launches a PD_SLOTS game and the token is authenticated; every
 * wallet request is then signed with its own transaction id (debits of 0.01 from the welcome bonus).
 *
 * Builds nothing: the worker needs no pages, only the assets folder to exist (an empty dist/client is made when
 * missing). Database: PLAYDECK_STATE=.wrangler/bench-api-state, migrated and seeded like `npm run db:setup`.
 * Logins are sealed like the browser's (contract/payload-crypto.ts), one fresh seal per request (nonces are
 * single-use), pre-sealed into a pool that is topped up while autocannon runs. They rotate over the registered
 * accounts with the right password (no failure counter moves), and each request names its own client address
 * from 198.18.0.0/15 (the benchmarking range) in CF-Connecting-IP, which local `wrangler dev` passes through
 * (Cloudflare sets it in production), so per-IP limits measure nothing here.
 * The server is always stopped (also on error or Ctrl-C), and the whole run is bounded in time.
 * Results are also written to bench-results/api-latest.json.
 * Usage: npm run bench:api [-- --duration 5] [-- --connections 10,50] [-- --only gameList,login,walletDebit]
 *        [-- --port 8792] [-- --accounts 20] [-- --runs 500]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import autocannon, { type Result } from 'autocannon';
import { sealPayload, type PayloadKey } from '../contract/payload-crypto.ts';

/** The value of `--name <value>`, or the fallback. */
function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const PORT = Number(flag('port', '8792'));
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(flag('duration', '5'));
const CONNECTIONS = flag('connections', '10,50').split(',').map(Number);
const ONLY = flag('only', 'gameList,hotGames,memberInfo,login,walletBalance,walletDebit').split(',');
/** The bench's game provider: its code, the worker secret holding its key, and the key. */
const PROVIDER = { code: 'benchstudio', secretName: 'PROVIDER_SECRET_BENCH', secret: 'bench-provider-key-0123456789abcdef' };
const ACCOUNTS = Number(flag('accounts', '20'));
const TIMING_RUNS = Number(flag('runs', '500'));
const STATE = '.wrangler/bench-api-state';
const CAPTCHA = 'bench-pass';
const PASSWORD = 'bench-secret-1';
/** Login seals kept ready (topped up in the background while autocannon runs). */
const SEAL_POOL = 400;
/** Setup (database, server start, registrations) plus every run with its warm-up, then a margin. */
const TIME_LIMIT_MS = 240_000 + ONLY.length * CONNECTIONS.length * (DURATION_S + 5) * 1000;

let server: ChildProcess | undefined;
let serverLog = '';

/** Stops the worker (its whole process group: serve.ts, wrangler, workerd) and waits up to 5 s; safe to call twice. */
async function stopServer(): Promise<void> {
  const child = server;
  const pid = child?.pid;
  if (!child || pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const waited = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5000))]);
  if (!waited) signal('SIGKILL');
}

const deadline = setTimeout(() => {
  console.error(`bench:api: stopped after the time limit of ${TIME_LIMIT_MS / 1000} s`);
  void stopServer().then(() => process.exit(1));
}, TIME_LIMIT_MS);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void stopServer().then(() => process.exit(130));
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env }, timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

async function waitFor(url: string, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server?.exitCode !== null) throw new Error(`the server exited:\n${serverLog.slice(-2000)}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer at ${url}:\n${serverLog.slice(-2000)}`);
}

/** The i-th client address in 198.18.0.0/15 (RFC 2544's benchmarking range). */
function benchIp(i: number): string {
  const n = i % 131_072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/** The answer value of an envelope, or an error naming the call. */
async function envelopeValue<T>(res: Response, what: string): Promise<T> {
  const body = (await res.json()) as { success: boolean; value: T; errorCode: string };
  if (!res.ok || !body.success) throw new Error(`${what} failed: ${res.status} ${body.errorCode}`);
  return body.value;
}

/** A sealed request body for `path`, ready to send. */
interface Sealed {
  header: string;
  body: string;
  ip: string;
}

async function seal(key: PayloadKey, path: string, json: unknown, i: number): Promise<Sealed> {
  const sealed = await sealPayload(key, path, json);
  return { header: sealed.header, body: JSON.stringify(sealed.json), ip: benchIp(i) };
}

/** Registers `n` members (sealed, test captcha, one address each); returns their names and the first token. */
async function registerMembers(key: PayloadKey, n: number): Promise<{ usernames: string[]; token: string; merchant: string }> {
  const usernames: string[] = [];
  let token = '';
  let merchant = '';
  const stamp = Date.now().toString(36).slice(-6);
  for (let i = 0; i < n; i++) {
    const username = `bench${stamp}${String(i).padStart(3, '0')}`;
    const s = await seal(key, '/wps/member/register', {
      username, password: PASSWORD, confirmPassword: PASSWORD, captcha: CAPTCHA,
      registerMethod: 'H5', registerUrl: '127.0.0.1', type: 0, login: true,
    }, 100_000 + i);
    const res = await fetch(`${BASE}/wps/member/register`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Encryption: s.header, 'CF-Connecting-IP': s.ip },
      body: s.body,
    });
    const session = await envelopeValue<{ token: string; merchantCode?: string }>(res, `registering ${username}`);
    usernames.push(username);
    if (i === 0) {
      token = session.token;
      merchant = session.merchantCode ?? '';
    }
  }
  if (!merchant) throw new Error('registration answered no merchantCode');
  return { usernames, token, merchant };
}

/** A login seal pool: `take()` never waits; `fill()` keeps it topped up until `stop()`. */
function loginPool(key: PayloadKey, usernames: string[]) {
  const pool: Sealed[] = [];
  let next = 0;
  let running = true;
  let last: Sealed | undefined;
  let dry = 0;
  const make = () => {
    const i = next++;
    return seal(key, '/wps/session/login', { type: 'username', username: usernames[i % usernames.length], password: PASSWORD }, i);
  };
  return {
    async prefill(): Promise<void> {
      while (pool.length < SEAL_POOL) pool.push(await make());
    },
    async fill(): Promise<void> {
      running = true;
      while (running) {
        if (pool.length < SEAL_POOL) pool.push(await make());
        else await new Promise((r) => setTimeout(r, 10));
      }
    },
    stop(): void {
      running = false;
    },
    /** The next unused seal; when the pool ran dry, the last one again (the server refuses the replay: counted). */
    take(): Sealed {
      const s = pool.shift();
      if (s) last = s;
      else dry++;
      if (!last) throw new Error('login seal pool empty');
      return last;
    },
    dry: () => dry,
  };
}

/** Signature headers of a provider's request (docs/game-providers.md "Transport and signatures"). */
function signed(body: string): Record<string, string> {
  const timestamp = Date.now();
  return { 'X-Timestamp': String(timestamp), 'X-Signature': createHmac('sha256', PROVIDER.secret).update(`${timestamp}.${body}`).digest('hex') };
}

/**
 * A game session of the bench's provider for the first member: configures the provider and gives it PD_SLOTS with the
 * operator command, serves its launch endpoint on PORT + 1 (keeping the launch token), launches a PD_SLOTS game as
 * the member and authenticates the token at the wallet.
 */
async function walletSession(token: string, merchant: string): Promise<{ sessionId: string; playerId: string; gameCode: string; currency: string }> {
  run('node', ['scripts/operator.ts', 'provider', merchant, PROVIDER.code, '--name', 'Bench studio', '--launch-url', `http://127.0.0.1:${PORT + 1}/launch`, '--secret-name', PROVIDER.secretName], { PLAYDECK_STATE: STATE });
  run('node', ['scripts/operator.ts', 'provider-vendor', merchant, 'PD_SLOTS', PROVIDER.code], { PLAYDECK_STATE: STATE });
  let launch: { launchToken: string; gameCode: string; currency: string } | undefined;
  const endpoint = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      launch = JSON.parse(body) as typeof launch;
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ url: 'http://127.0.0.1/bench-game' }));
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(PORT + 1, '127.0.0.1', resolve));
  try {
    const page = await envelopeValue<{ games: { nodeId: number }[] }>(
      await fetch(`${BASE}/wps/relay/GCSGAME_gameList?merchant=${merchant}&clientType=2&platform=html5&gameType=RNG&pageNo=1&pageSize=1&vassalage=PD_SLOTS&language=EN`), 'PD_SLOTS games');
    const nodeId = page.games[0]?.nodeId;
    if (nodeId === undefined) throw new Error('no PD_SLOTS game to launch');
    await envelopeValue(await fetch(`${BASE}/wps/game/launchGame?launchMode=GLS&platform=html5&clientType=2&confirmTrans=0&webView=false&language=EN&accountType=1&nodeId=${nodeId}`, {
      headers: { Authorization: token, Merchant: merchant },
    }), 'provider launch');
  } finally {
    endpoint.close();
  }
  if (!launch) throw new Error('the provider launch endpoint was not called');
  const body = JSON.stringify({ launchToken: launch.launchToken });
  const res = await fetch(`${BASE}/wps/playdeck/games/wallet/${PROVIDER.code}/authenticate`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...signed(body) }, body });
  const auth = (await res.json()) as { status: string; sessionId: string; playerId: string };
  if (auth.status !== 'OK') throw new Error(`wallet authenticate failed: ${JSON.stringify(auth)}`);
  return { sessionId: auth.sessionId, playerId: auth.playerId, gameCode: launch.gameCode, currency: launch.currency };
}

interface Target {
  name: string;
  options: Parameters<typeof autocannon>[0];
  /** Starts/stops background work that feeds the requests (the login seals). */
  around?: { before: () => Promise<void>; after: () => void };
}

function row(name: string, connections: number, r: Result): Record<string, string | number> {
  return {
    call: name,
    connections,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    requests: r.requests.total,
    'non-2xx': r.non2xx,
    errors: r.errors,
  };
}

async function main(): Promise<void> {
  // wrangler dev refuses to start without the assets folder; the API needs no pages, so an empty one will do.
  if (!existsSync('dist/client')) mkdirSync('dist/client', { recursive: true });
  run('rm', ['-rf', STATE]);
  run('npm', ['run', 'db:setup'], { PLAYDECK_STATE: STATE });
  server = spawn('node', ['scripts/serve.ts', '--port', String(PORT)], {
    env: {
      ...process.env, PLAYDECK_STATE: STATE, TEST_CAPTCHA_ANSWER: CAPTCHA, REGISTER_LIMIT_PER_HOUR: '100000', WRANGLER_LOG: 'warn', PLAYDECK_TICKER: 'off',
      [PROVIDER.secretName]: PROVIDER.secret,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-8000);
  });
  await waitFor(`${BASE}/wps/playdeck/payloadKey`);
  const key = await envelopeValue<PayloadKey>(await fetch(`${BASE}/wps/playdeck/payloadKey`), 'payloadKey');
  const { usernames, token, merchant } = await registerMembers(key, ACCOUNTS);
  const listQuery = `merchant=${merchant}&clientType=2&platform=html5&gameType=RNG&pageNo=1&pageSize=20&vassalage=&language=EN`;
  const pool = loginPool(key, usernames);
  const wallet = ONLY.some((name) => name.startsWith('wallet')) ? await walletSession(token, merchant) : null;
  let transactions = 0;
  const walletRequest = (operation: 'balance' | 'debit'): Parameters<typeof autocannon>[0] => ({
    url: `${BASE}/wps/playdeck/games/wallet/${PROVIDER.code}/${operation}`,
    requests: [{
      method: 'POST',
      setupRequest: (request) => {
        const id = `bench-${Date.now().toString(36)}-${transactions++}`;
        const body = JSON.stringify(operation === 'balance'
          ? { sessionId: wallet!.sessionId, playerId: wallet!.playerId }
          : { sessionId: wallet!.sessionId, playerId: wallet!.playerId, transactionId: id, roundId: id, gameCode: wallet!.gameCode, amount: '0.01', currency: wallet!.currency });
        return { ...request, method: 'POST', headers: { 'Content-Type': 'application/json', ...signed(body) }, body };
      },
    }],
  });
  let filling: Promise<void> = Promise.resolve();

  const all: Target[] = [
    { name: 'gameList', options: { url: `${BASE}/wps/relay/GCSGAME_gameList?${listQuery}` } },
    {
      name: 'hotGames',
      options: { url: `${BASE}/wps/relay/GCSGAME_hotGamesV2?merchantCode=${merchant}&isPlatform=2&language=EN&platform=html5&vassalage=` },
    },
    { name: 'memberInfo', options: { url: `${BASE}/wps/member/info`, headers: { Authorization: token, Merchant: merchant } } },
    {
      name: 'login',
      options: {
        url: `${BASE}/wps/session/login`,
        requests: [{
          method: 'POST',
          setupRequest: (request) => {
            const s = pool.take();
            return {
              ...request,
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Encryption: s.header, 'CF-Connecting-IP': s.ip },
              body: s.body,
            };
          },
        }],
      },
      around: {
        before: async () => {
          await pool.prefill();
          filling = pool.fill();
        },
        after: () => pool.stop(),
      },
    },
  ];
  if (wallet) {
    all.push({ name: 'walletBalance', options: walletRequest('balance') }, { name: 'walletDebit', options: walletRequest('debit') });
  }
  const targets = all.filter((t) => ONLY.includes(t.name));

  const rows: Record<string, string | number>[] = [];
  for (const target of targets) {
    for (const connections of CONNECTIONS) {
      await target.around?.before();
      try {
        // A short warm-up so the first run does not pay for compilation and cold caches.
        await autocannon({ ...target.options, connections: 2, duration: 1, timeout: 10 });
        const result = await autocannon({ ...target.options, connections, duration: DURATION_S, timeout: 10 });
        rows.push(row(target.name, connections, result));
      } finally {
        target.around?.after();
        await filling;
      }
    }
  }
  if (pool.dry() > 0) console.warn(`login: the seal pool ran dry ${pool.dry()} times (those requests were replays, refused)`);
  console.table(rows);

  type Timing = { runs: number; handlerMs: number; queryMs: number; ratio: number | null };
  let timing: Timing | undefined;
  if (ONLY.includes('gameList')) {
    // Three measurements, the median by ratio: one burst of load elsewhere on the machine skews a single one.
    const rounds: Timing[] = [];
    for (let i = 0; i < 3; i++) {
      rounds.push(await envelopeValue<Timing>(await fetch(`${BASE}/wps/playdeck/dev/gameListTiming?runs=${TIMING_RUNS}&${listQuery}`), 'gameListTiming'));
    }
    rounds.sort((a, b) => (a.ratio ?? Infinity) - (b.ratio ?? Infinity));
    const t = rounds[1] as Timing;
    const ratio = t.ratio === null ? 'n/a' : `${t.ratio.toFixed(2)}×`;
    const verdict = t.ratio !== null && t.ratio <= 1.5 ? 'meets' : 'misses';
    console.log(
      `gameList: worker ${t.handlerMs.toFixed(3)} ms per request vs bare D1 batch ${t.queryMs.toFixed(3)} ms ` +
        `(mean of ${t.runs}, in-process, median of 3) → ${ratio}, ${verdict} the goal ≤ 1.5×`,
    );
    timing = t;
  }
  let walletTiming: Timing | undefined;
  if (wallet && ONLY.includes('walletDebit')) {
    const rounds: Timing[] = [];
    for (let i = 0; i < 3; i++) {
      rounds.push(await envelopeValue<Timing>(await fetch(`${BASE}/wps/playdeck/dev/walletTiming?runs=${TIMING_RUNS}&provider=${PROVIDER.code}&sessionId=${encodeURIComponent(wallet.sessionId)}`), 'walletTiming'));
    }
    rounds.sort((a, b) => (a.ratio ?? Infinity) - (b.ratio ?? Infinity));
    const t = rounds[1] as Timing;
    const verdict = t.ratio !== null && t.ratio <= 1.5 ? 'meets' : 'misses';
    console.log(
      `walletDebit: worker ${t.handlerMs.toFixed(3)} ms per request vs bare D1 batch ${t.queryMs.toFixed(3)} ms ` +
        `(mean of ${t.runs}, in-process, median of 3) → ${t.ratio === null ? 'n/a' : `${t.ratio.toFixed(2)}×`}, ${verdict} the goal ≤ 1.5×`,
    );
    walletTiming = t;
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/api-latest.json',
    JSON.stringify({ at: new Date().toISOString(), durationSeconds: DURATION_S, rows, gameListTiming: timing, walletTiming }, null, 2),
  );
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopServer();
  clearTimeout(deadline);
}
process.exit(failed ? 1 : 0);
