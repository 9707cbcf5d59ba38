// `npm start`: build the client when dist/client is missing or older than its sources, compile the server when
// dist/server is missing or older than any source it was made of (scripts/build-server.mjs), draw the user manual
// into dist/manual when it is missing or older than its sources, then run the server in this very process (plain
// node on JavaScript, no second node process beside it).
// While a build runs, SIGTERM, SIGINT and SIGHUP are passed on to it; once the server runs it handles them itself
// (src/server/http/shutdown.ts) and this process exits with the server's exit code. `npm start` runs this file
// through `sh -c`, and sh (dash) dies of the SIGTERM npm forwards without passing it on: so losing the parent
// counts as SIGTERM.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const client = join(root, 'dist/client/index.html');
const server = join(root, 'dist/server/main.js');
const serverInputs = join(root, 'dist/server/inputs.json');
const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** The server build is stale when a source it read (dist/server/inputs.json) or the build script changed or went. */
function serverStale() {
  if (!existsSync(server) || !existsSync(serverInputs)) return true;
  const built = statSync(server).mtimeMs;
  const { inputs } = JSON.parse(readFileSync(serverInputs, 'utf8'));
  return ['scripts/build-server.mjs', ...inputs].some(
    (p) => !existsSync(join(root, p)) || statSync(join(root, p)).mtimeMs > built,
  );
}

let child;
function pass(signal) {
  if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
  else process.exit(128 + constants.signals[signal]);
}
for (const signal of SIGNALS) process.on(signal, pass);

const parent = process.ppid;
const orphaned = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(orphaned);
  process.kill(process.pid, 'SIGTERM');
}, 500).unref();

/** Runs a build with this process's terminal; resolves with its exit code (128 + n when killed by signal n). */
function run(command, args) {
  return new Promise((resolve, reject) => {
    child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? 128 + (constants.signals[signal] ?? 0)));
  });
}

const sources = Math.max(newest(join(root, 'src/client')), newest(join(root, 'schemas')));
if (!existsSync(client) || statSync(client).mtimeMs < sources) {
  console.log('[start] building the client (vite build)…');
  const code = await run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}
if (serverStale()) {
  console.log('[start] compiling the server (scripts/build-server.mjs)…');
  const code = await run(process.execPath, [join(root, 'scripts/build-server.mjs')]);
  if (code !== 0) process.exit(code);
}
// The user manual drawn now, not by the server while a user waits for it: again when docs/manual or the server
// changed since the last drawing (the server finds the drawing of its own sources; a failure here only means the
// server draws it after it starts)
const manuals = join(root, 'dist/manual');
const manualAt = existsSync(manuals) ? newest(manuals) : 0;
if (!manualAt || Math.max(newest(join(root, 'docs/manual')), statSync(server).mtimeMs) > manualAt) {
  console.log('[start] drawing the user manual (dist/manual)…');
  if ((await run(process.execPath, [server, '--draw-manual'])) !== 0)
    console.warn('[start] 用户手册未能预先生成，服务启动后再生成');
}
// `--build-only`: the builds above and nothing else (npm test builds once before its two e2e servers start)
if (process.argv.includes('--build-only')) process.exit(0);
for (const signal of SIGNALS) process.off(signal, pass);
process.setSourceMapsEnabled(true); // stack traces name the TypeScript sources
await import(pathToFileURL(server).href);
