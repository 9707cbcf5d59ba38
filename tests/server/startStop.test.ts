// Starting and stopping the real process: `node scripts/start.mjs` passes SIGTERM on to the server, which
// finishes, closes the database, removes its lock file and exits 0 — and start.mjs exits with that code. A first
// start seeds in a process of its own. A database that cannot be used at start is one Chinese line on stderr and
// exit code 1.
//
// start.mjs runs from a scratch project root (.tmp/faults-start-*) whose src, schemas and node_modules link to the
// real ones and whose dist/client is a stub newer than every source, so it never starts a client build; it compiles
// the server there (scripts/build-server.mjs) and runs it in its own process.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer, connect } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { openPGlite } from '../../src/server/db/database';
import { createShutdown, onShutdown } from '../../src/server/http/shutdown';
import { createSpool, spoolRoot } from '../../src/server/files/spool';
import { alive } from '../../src/server/db/lockFile';

const project = resolve(import.meta.dirname, '../..');
const root = join(project, '.tmp', `faults-start-${process.pid}`);

beforeAll(() => {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'scripts'), { recursive: true });
  mkdirSync(join(root, 'dist/client'), { recursive: true });
  for (const script of ['start.mjs', 'build-server.mjs'])
    copyFileSync(join(project, 'scripts', script), join(root, 'scripts', script));
  for (const name of ['src', 'schemas', 'node_modules', 'package.json', 'tsconfig.json'])
    symlinkSync(join(project, name), join(root, name));
  const index = join(root, 'dist/client/index.html');
  writeFileSync(index, '<!doctype html><title>碳算</title>');
  const future = new Date(Date.now() + 365 * 86400_000);
  utimesSync(index, future, future);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A port nobody listens on (taken from the system, then let go). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

const accepts = (port: number) =>
  new Promise<boolean>((r) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), r(true)));
    socket.once('error', () => r(false));
  });

function start(env: Record<string, string>): {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => { stdout: string; stderr: string };
} {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...rest, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('npm start and SIGTERM', () => {
  it(
    'the server finishes, closes the database, removes the lock file and exits 0; so does start.mjs',
    { timeout: 120_000 },
    async () => {
      const dataDir = join(root, 'data');
      // the seeded test template when there is one, so the start only migrates (a fresh data dir seeds for ~10 s)
      const template = inject('dbTemplate').pglite;
      if (template && existsSync(template)) {
        const db = await openPGlite({ dataDir, loadDataDir: new Blob([readFileSync(template)]) });
        await db.close();
      }
      const port = await freePort();
      const run = start({ PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'Start-Stop-Pass-1' });
      const lock = join(dataDir, 'db.lock');
      try {
        await until('the server to listen', async () => (await accepts(port)) || run.child.exitCode !== null, 100_000);
        expect(run.child.exitCode, run.output().stderr).toBeNull();
        const serverPid = Number(readFileSync(lock, 'utf8'));
        expect(serverPid).toBe(run.child.pid); // start.mjs runs the compiled server in its own process
        expect(alive(serverPid)).toBe(true);

        run.child.kill('SIGTERM');
        expect(await run.exited).toBe(0);
        expect(alive(serverPid)).toBe(false);
        expect(await accepts(port)).toBe(false);
        expect(existsSync(lock)).toBe(false);
        expect(run.output().stdout).toContain('"msg":"stopped"'); // the graceful path, not a kill
      } finally {
        if (run.child.exitCode === null) run.child.kill('SIGKILL');
      }
    },
  );
});

describe('the first start', () => {
  const rssMiB = (pid: number) =>
    Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

  /** Starts on `dataDir`, reads the server's RSS at its first answer, stops it; answers that RSS and the output. */
  async function startOnce(dataDir: string) {
    const port = await freePort();
    const run = start({ PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'First-Start-Pass-1' });
    try {
      await until('the server to listen', async () => (await accepts(port)) || run.child.exitCode !== null, 150_000);
      expect(run.child.exitCode, run.output().stderr).toBeNull();
      const rss = rssMiB(run.child.pid!);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      return { rss, stdout: run.output().stdout };
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }

  // The database is created and seeded by a process that exits (seed/firstStart.ts): the server that then runs
  // holds what a restart holds, not the ~120–170 MB that initdb and the seed leave in a process.
  it.skipIf(!existsSync('/proc/self/status'))(
    'creates and seeds the database in a process of its own: the server holds no more than after a restart',
    { timeout: 300_000 },
    async () => {
      const dataDir = join(root, 'first');
      const first = await startOnce(dataDir);
      expect(first.stdout).toContain(`[seed] 初始账号密码已写入 ${join(dataDir, 'admin-password.txt')}`);
      const again = await startOnce(dataDir);
      expect(again.stdout).not.toContain('[seed]');
      expect(first.rss, `first start ${first.rss.toFixed(0)} MiB, restart ${again.rss.toFixed(0)} MiB`).toBeLessThan(
        again.rss + 60,
      );
    },
  );
});

describe('a database that cannot be used at start', () => {
  const oneLine = (stderr: string) => stderr.split('\n').filter((l) => l.trim() && !/^npm warn/i.test(l));

  it('PostgreSQL on a closed port: one line 无法连接数据库 host:port, exit code 1', { timeout: 60_000 }, async () => {
    const dbPort = await freePort();
    const run = start({
      PORT: String(await freePort()),
      DATA_DIR: join(root, 'unused'),
      DATABASE_URL: `postgres://x:S3cretPw@127.0.0.1:${dbPort}/z`,
    });
    expect(await run.exited).toBe(1);
    const lines = oneLine(run.output().stderr);
    expect(lines).toEqual([`[碳算] 无法连接数据库 PostgreSQL 127.0.0.1:${dbPort}/z：连接被拒绝（ECONNREFUSED）`]);
    expect(run.output().stderr).not.toContain('S3cretPw');
  });

  it('PGlite on a damaged folder: one line 无法打开嵌入式数据库, exit code 1', { timeout: 60_000 }, async () => {
    const dataDir = join(root, 'damaged');
    mkdirSync(join(dataDir, 'db'), { recursive: true });
    writeFileSync(join(dataDir, 'db', 'PG_VERSION'), 'not a database\n');
    const run = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    const lines = oneLine(run.output().stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[碳算\] 无法打开嵌入式数据库 .*damaged\/db：/);
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
  });
});

describe('the shutdown sequence', () => {
  const fake = () => {
    const steps: string[] = [];
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const exit = vi.fn((code: number) => void steps.push(`exit ${code}`));
    const target = {
      app: { close: async (): Promise<void> => void steps.push('app closed'), log: log as never },
      database: { close: async () => void steps.push('database closed') },
      exit,
    };
    return { steps, exit, target };
  };

  it('requests in flight, then the registered work, then the database, then exit 0; a signal at the same moment counts once', async () => {
    const { steps, exit, target } = fake();
    const undo = onShutdown(async () => void steps.push('jobs stopped'));
    try {
      const shutdown = createShutdown(target);
      const done = shutdown('SIGTERM');
      void shutdown('SIGINT'); // the terminal's Ctrl-C and start.mjs's forward arrive together
      await done;
      expect(steps).toEqual(['app closed', 'jobs stopped', 'database closed', 'exit 0']);
      expect(exit).toHaveBeenCalledTimes(1);
    } finally {
      undo();
    }
  });

  it('removes the upload spools; a later spool in the same process makes their folder again', async () => {
    const before = await createSpool();
    expect(existsSync(before.dir)).toBe(true);
    await createShutdown(fake().target)('SIGTERM');
    expect(existsSync(spoolRoot())).toBe(false);
    const after = await createSpool();
    expect(existsSync(after.dir)).toBe(true);
    await after.remove();
  });

  it('a second signal while closing exits at once with 1', async () => {
    const { steps, exit, target } = fake();
    let finish!: () => void;
    target.app.close = () => new Promise<void>((r) => (finish = r));
    const shutdown = createShutdown(target);
    const done = shutdown('SIGTERM');
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 5000);
    void shutdown('SIGTERM');
    expect(exit).toHaveBeenCalledWith(1);
    vi.restoreAllMocks();
    finish();
    await done;
    expect(steps.at(-1)).toBe('exit 0'); // (a real exit(1) would have ended the process before)
  });
});
