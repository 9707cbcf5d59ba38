// A server the bench starts as its own process on a free port — `npm start`'s (scripts/start.mjs) or a floor's —
// and waits for until GET /api/health answers 200 (serverStart.ts times that; loginJs.ts loads the client from it).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { BENCH_DIR, PASSWORDS } from './target';

export const ROOT = resolve(import.meta.dirname, '../..');
const ANSWER_MS = 120_000;

/**
 * A fresh data dir under .tmp/bench for a server the bench starts, and that server's environment: the bench's admin
 * password, quiet logs, and `databaseUrl` (a PostgreSQL target) or else none (the embedded database in the dir).
 */
export function serverSetup(
  name: string,
  databaseUrl?: string,
): { dataDir: string; env: NodeJS.ProcessEnv; remove: () => void } {
  const dataDir = join(BENCH_DIR, `${name}-${process.pid}`);
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  remove();
  mkdirSync(dataDir, { recursive: true });
  const { DATABASE_URL: _url, ...rest } = process.env;
  const env = {
    ...rest,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORDS.admin,
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  return { dataDir, env, remove };
}

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200;
  } catch {
    return false;
  }
}

export interface Spawned {
  port: number;
  child: ChildProcess;
  /** spawn to the first 200 of /api/health (ms) */
  ms: number;
  /** SIGTERM, then waits for the exit */
  stop: () => Promise<void>;
}

/** Spawns `node <args>` with PORT set and waits for its first answer; a process that exits or stays silent throws. */
export async function spawnServer(args: string[], env: NodeJS.ProcessEnv, limitMs = ANSWER_MS): Promise<Spawned> {
  const port = await freePort();
  let output = '';
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (d) => (output = (output + d).slice(-2000)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  try {
    while (!(await answers(port))) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited ${child.exitCode}: ${output}`);
      if (performance.now() - t0 > limitMs) throw new Error(`${args.join(' ')}: no answer within ${limitMs} ms`);
      await pause(10);
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { port, child, ms: performance.now() - t0, stop };
}
