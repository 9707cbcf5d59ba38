// `npm start`: build the client when dist/client is missing or older than its sources, then run the server.
// SIGTERM, SIGINT and SIGHUP are passed on to the running child (the server stops cleanly: src/server/http/shutdown.ts),
// and this process exits with the server's exit code once it has gone. `npm start` runs this file through `sh -c`,
// and sh (dash) dies of the SIGTERM npm forwards without passing it on: so losing the parent counts as SIGTERM.
// The server has an IPC channel to this process and stops when it closes (this process killed with SIGKILL).
import { spawn } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist/client/index.html');
const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

let child;
function pass(signal) {
  if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
  else process.exit(128 + constants.signals[signal]);
}
for (const signal of SIGNALS) process.on(signal, () => pass(signal));

const parent = process.ppid;
const orphaned = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(orphaned);
  pass('SIGTERM');
}, 500).unref();

/** Runs the command with this process's terminal; resolves with its exit code (128 + n when killed by signal n). */
function run(command, args, ipc = false) {
  return new Promise((resolve, reject) => {
    child = spawn(command, args, { cwd: root, stdio: ipc ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? 128 + (constants.signals[signal] ?? 0)));
  });
}

const sources = Math.max(newest(join(root, 'src/client')), newest(join(root, 'schemas')));
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('[start] building the client (vite build)…');
  const code = await run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}
process.exit(await run(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], true));
