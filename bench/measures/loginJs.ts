// Login-page JS: the JavaScript a browser downloads to show the login form, against a bare
// react-admin app's (bench/data/bareAdmin: <Admin> with one <Resource> listed by ListGuesser, react-admin's own
// login page, MUI's default theme), built by the same vite and React plugin. Ours is what `npm start` serves:
// scripts/start.mjs (it builds dist/client when stale) on a free port with its own data dir, /login opened in
// Chromium; the floor is its vite build served as files (index.html for any other path), /#/login opened the same
// way. Each JS response until the form shows and the network is idle counts once, at its gzip size (level 9;
// neither server compresses). Goal: ≤ 1.1× the floor. Uses no database of the run: measured once.
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import type { Result } from '../lib/report';
import { serverSetup, spawnServer, ROOT } from '../lib/spawnServer';
import { BENCH_DIR } from '../lib/target';
import type { Ctx } from './context';

const MAX_RATIO = 1.1;
const FIRST_START_MS = 600_000;
const LOGIN_FORM = 'form input[name="username"]';
const CHROMIUM = '/usr/bin/chromium';
const KB = 1000;

interface PageJs {
  /** gzip bytes of each JS response, largest first */
  chunks: { url: string; gzip: number }[];
  total: number;
}

/** Opens the URL in a fresh browser context, waits for the login form and an idle network, sums the JS. */
async function loginPageJs(url: string): Promise<PageJs> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const page = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
    const seen = new Map<string, Promise<number>>();
    page.on('response', (res) => {
      if (res.status() !== 200 || !/javascript/.test(res.headers()['content-type'] ?? '') || seen.has(res.url()))
        return;
      // a compressed answer counts as sent; an uncompressed one at its gzip size
      const size = res.headers()['content-encoding']
        ? res
            .request()
            .sizes()
            .then((s) => s.responseBodySize)
        : res.body().then((b) => gzipSync(b, { level: 9 }).length);
      seen.set(res.url(), size);
    });
    await page.goto(url);
    await page.waitForSelector(LOGIN_FORM, { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const chunks = await Promise.all(
      [...seen].map(async ([u, size]) => ({ url: new URL(u).pathname, gzip: await size })),
    );
    chunks.sort((a, b) => b.gzip - a.gzip);
    if (!chunks.length) throw new Error(`${url}: no JavaScript loaded`);
    return { chunks, total: chunks.reduce((n, c) => n + c.gzip, 0) };
  } finally {
    await browser.close();
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** The built files as they are (no compression); any path that is no file answers index.html. */
async function serveFiles(dir: string): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    let file = normalize(join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    if (!file.startsWith(dir + sep) || !statSync(file, { throwIfNoEntry: false })?.isFile())
      file = join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as { port: number }).port };
}

/** The bare react-admin app, built by vite into `outDir`. */
async function buildBareAdmin(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: join(ROOT, 'bench/data/bareAdmin'),
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 10_000 },
  });
}

async function ours(log: Ctx['log']): Promise<PageJs> {
  const { env, remove } = serverSetup('loginjs'); // its own embedded database, whatever DATABASE_URL says
  const t0 = performance.now();
  const server = await spawnServer(['scripts/start.mjs'], env, FIRST_START_MS);
  log(
    `  npm start's server up in ${((performance.now() - t0) / 1000).toFixed(1)} s (builds when stale, migration, seed)`,
  );
  try {
    return await loginPageJs(`http://127.0.0.1:${server.port}/login`);
  } finally {
    await server.stop();
    remove();
  }
}

async function floor(log: Ctx['log']): Promise<PageJs> {
  const outDir = join(BENCH_DIR, `bareAdmin-${process.pid}`);
  const t0 = performance.now();
  await buildBareAdmin(outDir);
  log(`  bare react-admin app built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const { server, port } = await serveFiles(outDir);
  try {
    return await loginPageJs(`http://127.0.0.1:${port}/#/login`);
  } finally {
    await new Promise((r) => server.close(r));
    rmSync(outDir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;
const top = (p: PageJs) =>
  p.chunks
    .slice(0, 3)
    .map((c) => `${c.url.replace(/^.*\//, '')} ${kb(c.gzip)}`)
    .join(', ');

export async function loginJsMeasures(ctx: Ctx): Promise<Result[]> {
  const { log } = ctx;
  const o = await ours(log);
  const f = await floor(log);
  for (const [who, p] of [
    ['ours', o],
    ['floor', f],
  ] as const)
    log(`  ${who}: ${kb(p.total)} KB gzip in ${p.chunks.length} chunks (largest: ${top(p)})`);
  const ratio = o.total / f.total;
  return [
    {
      id: 'loginjs',
      measure: 'login-page JS (gzip)',
      database: '—',
      unit: 'KB',
      ours: o.total / KB,
      floor: f.total / KB,
      ratio,
      goal: `≤ ${MAX_RATIO}×`,
      within: ratio <= MAX_RATIO,
      samples: { ours: o.chunks.map((c) => kb(c.gzip)), floor: f.chunks.map((c) => kb(c.gzip)) },
      note: `every JS response until the login form shows and the network is idle, at its gzip size (level 9), KB of 1 000 bytes: ours /login from npm start's server, floor /#/login of a bare react-admin app (bench/data/bareAdmin); samples: each chunk's KB`,
    },
    {
      id: 'loginjs.chunks',
      measure: 'login-page JS files',
      database: '—',
      unit: 'chunks',
      ours: o.chunks.length,
      floor: f.chunks.length,
      ratio: null,
      goal: '—',
      within: null,
    },
  ];
}
