// `npm run dev`: the client from vite's dev server (hot reload) and the server from its TypeScript sources through
// `tsx watch` (restarted when a file it imports changes) — no build of either. The server gets this process's
// environment and folder, as under `npm start` (PORT, DATA_DIR default ./data, DATABASE_URL …); vite listens on
// DEV_PORT (default 5173) and proxies /api and /upload to the server's PORT (vite.config.ts).
// Ctrl-C, SIGTERM or SIGHUP stop both; so does losing the parent (npm's sh dies of the SIGTERM npm forwards).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const devPort = Number(process.env.DEV_PORT || 5173);
const serverPort = Number(process.env.PORT || 8080);

// Each child gets its own process group and no terminal input: a Ctrl-C reaches only this process, which sends
// each child one SIGTERM (tsx passes it on to the server once; a second one would make tsx SIGKILL the server).
function start(name, args) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: process.env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${name} exited (${code ?? signal}); stopping`);
      void stop();
    }
  });
  return child;
}

const children = [
  start('server', [
    join(root, 'node_modules/tsx/dist/cli.mjs'),
    'watch',
    '--clear-screen=false',
    join(root, 'src/server/main.ts'),
  ]),
  start('vite', [join(root, 'node_modules/vite/bin/vite.js'), '--port', String(devPort), '--strictPort']),
];

let stopping = false;
async function stop() {
  if (stopping) {
    // a second signal: no more waiting
    for (const c of children) if (c.exitCode === null && c.signalCode === null) process.kill(-c.pid, 'SIGKILL');
    process.exit(1);
  }
  stopping = true;
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => c.exited));
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop());

const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop();
}, 500).unref();

console.log(
  `[dev] open http://localhost:${devPort} (vite, hot reload; API → server on port ${serverPort}, restarted on change)`,
);
