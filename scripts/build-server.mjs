// The server compiled ahead: `npm start` runs plain node on dist/server/main.js instead of compiling
// TypeScript at every start. esbuild bundles our own code (src/server, src/calc, schemas) into one file per entry;
// packages stay in node_modules (imported as they are). Every output sits directly in dist/server, and two
// rewrites keep source-relative paths working without touching the sources:
//   - `new URL('./x.ts', import.meta.url)` naming a process or thread entry becomes that entry's output
//     (`./bim-parse-worker.js`): the build is the entries plus every .ts file the sources point at that way;
//   - any other `import.meta.url` becomes the source file's own URL, so data files (seed CSVs, JSON, fonts,
//     docs/manual) are read where they are in the tree.
// Writes dist/server/inputs.json (the sources it read) for scripts/start.mjs's freshness check.
// Run by scripts/start.mjs when the build is missing or older than a source; by hand: node scripts/build-server.mjs
import { readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
export const OUT_DIR = join(root, 'dist/server');
// (its real path: esbuild names a module by where a symlinked src really is — tests build in a linked checkout)
const SERVER = realpathSync(join(root, 'src/server'));
const ENTRY_URL = /new URL\(\s*(['"])(\.{1,2}\/[^'"]+\.ts)\1\s*,\s*import\.meta\.url\s*\)/g;

const posix = (p) => p.split(sep).join('/');
/** src/server/bim/parse/worker.ts → bim-parse-worker (flat: every output at the same depth) */
const entryName = (file) => posix(relative(SERVER, file)).replace(/\.ts$/, '').replaceAll('/', '-');

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

/** main.ts and every .ts file a server source names with new URL('./….ts', import.meta.url). */
function entries() {
  const found = new Set([join(SERVER, 'main.ts')]);
  for (const file of sources(SERVER)) {
    const code = readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*).*$/gm, ''); // not the ones in comments
    for (const m of code.matchAll(ENTRY_URL)) found.add(join(dirname(file), m[2]));
  }
  return [...found];
}

const OUTPUT_URL = '__tansuanOutputUrl__';

/** The rewrites above, on our own sources (packages are external and never loaded here). */
const sourceUrls = (outDir) => ({
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const self = posix(relative(outDir, args.path));
      const dir = posix(relative(outDir, dirname(args.path)));
      // an entry's URL stays relative to the output (OUTPUT_URL keeps the source-URL rewrite off it)
      const text = readFileSync(args.path, 'utf8')
        .replace(
          ENTRY_URL,
          (_, _q, rel) => `new URL('./${entryName(join(dirname(args.path), rel))}.js', ${OUTPUT_URL})`,
        )
        .replaceAll('import.meta.url', `new URL(${JSON.stringify(self)}, import.meta.url).href`)
        .replaceAll(
          'import.meta.dirname',
          `decodeURIComponent(new URL(${JSON.stringify(`${dir}/`)}, import.meta.url).pathname).slice(0, -1)`,
        )
        .replaceAll(
          'import.meta.filename',
          `decodeURIComponent(new URL(${JSON.stringify(self)}, import.meta.url).pathname)`,
        )
        .replaceAll(OUTPUT_URL, 'import.meta.url');
      return { contents: text, loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js' };
    });
  },
});

/**
 * The pure-JavaScript packages a start loads, bundled into the output with everything they import: node's loader
 * resolving and reading their files one by one was a third of a restart (kysely alone is ~300 files, 140–300 ms
 * to import; bundled 11–30 ms). Packages that read files of their own beside their code (PGlite's WASM and data,
 * the Swagger UI's pages, fonts, native addons) and those only the worker threads load stay in node_modules.
 */
const BUNDLED =
  /^(kysely|ajv|ajv-formats|ajv-i18n|fastify|@fastify\/(static|multipart|helmet|swagger)|pg|pino|node-forge|@signpdf\/[^/]+|qrcode|marked|papaparse|fflate|jsep|@jsep-plugin\/[^/]+)$/;
/** Optional peers that the bundled packages require only when they are installed (pg-native), left to node. */
const OPTIONAL = /^(pg-native|pg-cloudflare|cloudflare:sockets)$/;

/**
 * Other packages stay external (loaded from node_modules at run time). A deep import into a package without an
 * "exports" map (ajv-i18n/localize/zh) is written with the file it names (…/zh/index.js): node's ESM loader does
 * not guess extensions or index files.
 */
const externals = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || OPTIONAL.test(args.path)) return { path: args.path, external: true };
      const [, pkg, sub] = /^(@[^/]+\/[^/]+|[^/]+)(\/.*)?$/.exec(args.path) ?? [];
      // a bundled package's own imports are bundled with it (esbuild resolves them)
      if (BUNDLED.test(pkg) || args.importer.includes(`${sep}node_modules${sep}`)) return undefined;
      if (!sub) return { path: args.path, external: true };
      const require = createRequire(join(args.resolveDir, 'x.js'));
      let manifest;
      try {
        manifest = require.resolve(`${pkg}/package.json`);
      } catch {
        return { path: args.path, external: true }; // an "exports" map without package.json in it
      }
      if (JSON.parse(readFileSync(manifest, 'utf8')).exports) return { path: args.path, external: true };
      return { path: `${pkg}/${posix(relative(dirname(manifest), require.resolve(args.path)))}`, external: true };
    });
  },
};

/** Builds into `outDir` (dist/server; tests build elsewhere). Answers the number of entries. */
export async function buildServer(outDir = OUT_DIR) {
  rmSync(outDir, { recursive: true, force: true });
  const list = entries();
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(list.map((f) => [entryName(f), f])),
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    splitting: true,
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false, // stack traces need only the mappings; the sources are in the tree
    // the bundled CommonJS packages require node's built-ins: ESM output has no require of its own
    banner: {
      js: "import { createRequire as __tansuanRequire } from 'node:module'; const require = __tansuanRequire(import.meta.url);",
    },
    metafile: true,
    logLevel: 'warning',
    plugins: [externals, sourceUrls(outDir)],
  });
  const inputs = Object.keys(result.metafile.inputs).filter((p) => !p.includes('node_modules/'));
  writeFileSync(
    join(outDir, 'inputs.json'),
    JSON.stringify({ entries: list.map((f) => posix(relative(root, f))), inputs }, null, 1),
  );
  return list.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const t0 = performance.now();
  const n = await buildServer();
  console.log(
    `[build-server] ${n} entr${n === 1 ? 'y' : 'ies'} → dist/server in ${Math.round(performance.now() - t0)} ms`,
  );
}
