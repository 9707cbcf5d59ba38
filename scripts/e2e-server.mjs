// The e2e web server (started by playwright.config.ts): wipe the e2e data dir, then `node scripts/start.mjs`
// on the embedded database (DATABASE_URL is removed so the e2e run never touches a shared PostgreSQL).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = resolve(root, process.env.DATA_DIR || '.tmp/e2e-data');
const rel = relative(resolve(root, '.tmp'), dataDir);
if (rel === '' || rel.startsWith('..') || resolve(rel) === rel) {
  console.error(`[e2e-server] refusing to wipe ${dataDir}: the e2e data dir must be inside .tmp/`);
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });

const env = { ...process.env, DATA_DIR: dataDir };
delete env.DATABASE_URL;
console.log(`[e2e-server] fresh data dir ${dataDir}, port ${env.PORT ?? '(default)'}, embedded database`);

const child = spawn(process.execPath, [resolve(root, 'scripts/start.mjs')], { cwd: root, env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
