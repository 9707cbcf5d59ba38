// The scale run's load: two replicas of `npm start`'s server (scripts/start.mjs) on the one database, every request
// sent to them in turn (round robin, as a balancer does). The replicas trust the loopback balancer's
// X-Forwarded-For (TRUST_PROXY=loopback), so each user's requests come from their own address and each verify-page
// visitor from another: the login and verify limits count per person, as behind a real balancer. Each user logs in
// once, then opens their pages one after another without pause until the time is up; a page's time is from its
// first request to its last answer. A failure is any answer but HTTP 200 with code 1.
import { treeCpuMs } from '../lib/processTree';
import { serverSetup, spawnServer, type Spawned } from '../lib/spawnServer';
import { userPages, type Page } from './pages';
import type { ScaleUser } from './users';

const FIRST_START_MS = 600_000;

export interface Replicas {
  ports: number[];
  /** CPU time the replicas' processes have used so far (ms) */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Two replicas, started one after the other (the first may build the client and server first). */
export async function startReplicas(url: string, count = 2): Promise<Replicas> {
  const started: { server: Spawned; remove: () => void }[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const { env, remove } = serverSetup(`scale-${i}`, url);
      started.push({
        server: await spawnServer(['scripts/start.mjs'], { ...env, TRUST_PROXY: 'loopback' }, FIRST_START_MS),
        remove,
      });
    }
  } catch (e) {
    for (const s of started) await s.server.stop().finally(s.remove);
    throw e;
  }
  return {
    ports: started.map((s) => s.server.port),
    cpuMs: () => started.reduce((a, s) => a + treeCpuMs(s.server.child.pid!), 0),
    async stop() {
      for (const s of started) await s.server.stop().finally(s.remove);
    },
  };
}

let turn = 0;
let visitor = 0;
const next = (ports: number[]) => ports[turn++ % ports.length];

export interface Answer {
  ok: boolean;
  status: number;
  bytes: number;
  message: string;

  body: any;
}

/** One request to the next replica: the user's session and address, or a new visitor's for a public page. */
export async function send(
  ports: number[],
  url: string,
  u: ScaleUser | undefined,
  opts: { visitor?: boolean; method?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    'x-forwarded-for': opts.visitor
      ? `10.200.${(visitor >> 8) & 255}.${visitor++ & 255}`
      : (u?.address ?? '10.199.0.1'),
  };
  if (u?.token && !opts.visitor) headers['access-token'] = u.token;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`http://127.0.0.1:${next(ports)}${url}`, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: { code?: number; message?: string } | undefined;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const ok = res.status === 200 && body?.code === 1;
    return {
      ok,
      status: res.status,
      bytes: Buffer.byteLength(text),
      message: ok ? '' : `${res.status} ${body?.message ?? text.slice(0, 120)}`,
      body,
    };
  } catch (e) {
    return { ok: false, status: 0, bytes: 0, message: (e as Error).message, body: undefined };
  }
}

/** Logs the users in, a few at a time (each login hashes a password: argon2 takes its CPU time). */
export async function logIn(ports: number[], users: ScaleUser[]): Promise<void> {
  const AT_ONCE = 4;
  for (let i = 0; i < users.length; i += AT_ONCE) {
    await Promise.all(
      users.slice(i, i + AT_ONCE).map(async (u) => {
        const a = await send(ports, '/api/sys/v1/sso/login', u, {
          method: 'POST',
          body: { userName: u.name, password: Buffer.from(u.password).toString('base64') },
        });
        if (!a.ok) throw new Error(`login as ${u.name}: ${a.message}`);
        u.token = a.body.data.token;
        // the shell's first requests: who is logged in, and the unread count it polls
        for (const url of ['/api/sys/v1/sys/sysUser/currentUser', `/api/sys/v1/sys/sysNotify/count/${u.id}`]) {
          const b = await send(ports, url, u);
          if (!b.ok) throw new Error(`${url} as ${u.name}: ${b.message}`);
        }
      }),
    );
  }
}

export interface PageStats {
  ms: number[];
  errors: number;
  bytes: number;
  /** the first few failures, for the note */
  failures: string[];
}

export type Tally = Map<string, PageStats>;

async function openPage(ports: number[], u: ScaleUser, page: Page, tally: Tally): Promise<void> {
  const t0 = performance.now();
  const answers = await Promise.all(page.requests.map((r) => send(ports, r.url, u, { visitor: r.visitor })));
  const ms = performance.now() - t0;
  let s = tally.get(page.name);
  if (!s) tally.set(page.name, (s = { ms: [], errors: 0, bytes: 0, failures: [] }));
  s.ms.push(ms);
  s.bytes = Math.max(
    s.bytes,
    answers.reduce((n, a) => n + a.bytes, 0),
  );
  const bad = answers.filter((a) => !a.ok);
  if (bad.length) {
    s.errors++;
    if (s.failures.length < 3) s.failures.push(`${u.name}: ${bad[0].message}`);
  }
}

/** Every user goes through their pages again and again for `ms`; answers each page's times and failures. */
export async function runUsers(
  ports: number[],
  users: ScaleUser[],
  ms: number,
  report: () => { no: string; code: string },
): Promise<Tally> {
  const tally: Tally = new Map();
  const end = performance.now() + ms;
  await Promise.all(
    users.map(async (u, n) => {
      // (users start a page apart, not all on the list at once)
      for (let round = 0; performance.now() < end; round++) {
        const pages = userPages(u, report);
        for (let p = 0; p < pages.length && performance.now() < end; p++)
          await openPage(ports, u, pages[(p + n) % pages.length], tally);
      }
    }),
  );
  return tally;
}

/** The floor: the same users, each sending only the simplest authenticated request (who is logged in) for `ms`. */
export async function runFloor(ports: number[], users: ScaleUser[], ms: number): Promise<Tally> {
  const page: Page = { name: 'floor', requests: [{ url: '/api/sys/v1/sys/sysUser/currentUser' }] };
  const tally: Tally = new Map();
  const end = performance.now() + ms;
  await Promise.all(
    users.map(async (u) => {
      while (performance.now() < end) await openPage(ports, u, page, tally);
    }),
  );
  return tally;
}
