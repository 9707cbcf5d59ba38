// The folder-level import graph of src/server and src/client (docs/architecture.md): which top-level folder imports
// which. The layers hold when the graph has no cycle (no folder pair importing each other, no import running back
// up), the generic folders import no domain folder, and no import source (bim, budget) imports another.
// `node scripts/import-graph.mjs` prints the violations and
// exits 1 when there are any; tests/schemas/importGraph.test.ts runs the same check.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Generic folders: they serve every domain and know none. */
export const GENERIC = {
  server: ['db', 'http', 'files', 'excel', 'resources', 'auth', 'settings', 'jobs', 'cache', 'openapi'],
  // client: session (the user and the building they work on, kept in the browser) and jobs (long server work, any
  // domain's) serve every domain too; layout is the app shell at the top, composing the domains' menus and pages.
  client: ['session', 'i18n', 'providers', 'jobs', 'admin'],
};

/** Import sources: each is built on the import kit (`imports/`) and never imports another source. */
export const IMPORT_SOURCES = ['bim', 'budget'];

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The top-level folder of a file under `base`; a file directly in it is a node of its own (its name). */
const folderOf = (base, file) => {
  const rel = relative(base, file).split(sep);
  return rel.length > 1 ? rel[0] : rel[0].replace(/\.(ts|tsx|mts)$/, '');
};
/** A file directly in src/server or src/client (envelope.ts, App.tsx): in the cycle check, but not a folder. */
const isFile = (side, node) => !existsSync(join(ROOT, 'src', side, node));

/** Edges folder → folder with the files that make each, for one side (server or client). */
export function folderGraph(side) {
  const base = join(ROOT, 'src', side);
  const edges = new Map();
  for (const file of files(base)) {
    const from = folderOf(base, file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(base + sep)) continue;
      const to = folderOf(base, target);
      if (to === from) continue;
      const key = `${from}→${to}`;
      if (!edges.has(key)) edges.set(key, { from, to, files: [] });
      edges.get(key).files.push(relative(ROOT, file));
    }
  }
  return [...edges.values()];
}

/**
 * Strongly connected components with more than one folder (Tarjan): every folder pair in one imports the other,
 * directly or not.
 */
function cycles(edges) {
  const adj = new Map();
  for (const e of edges) {
    if (!adj.has(e.from)) adj.set(e.from, []);
    if (!adj.has(e.to)) adj.set(e.to, []);
    adj.get(e.from).push(e.to);
  }
  let index = 0;
  const idx = new Map(),
    low = new Map(),
    stack = [],
    on = new Set(),
    out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of adj.get(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of adj.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** Every violation of the layering, as lines naming the folders and the importing files. */
export function violations() {
  const lines = [];
  for (const side of ['server', 'client']) {
    const edges = folderGraph(side);
    for (const comp of cycles(edges)) {
      const inside = edges.filter((e) => comp.includes(e.from) && comp.includes(e.to));
      lines.push(`src/${side}: folders importing each other: ${comp.join(', ')}`);
      for (const e of inside)
        lines.push(
          `  ${e.from} → ${e.to}: ${e.files.slice(0, 3).join(', ')}${e.files.length > 3 ? ` (+${e.files.length - 3})` : ''}`,
        );
    }
    const generic = GENERIC[side];
    for (const e of edges) {
      if (IMPORT_SOURCES.includes(e.from) && IMPORT_SOURCES.includes(e.to))
        lines.push(
          `src/${side}: import source ${e.from} imports source ${e.to} (share through imports/): ${e.files.join(', ')}`,
        );
      if (generic.includes(e.from) && !generic.includes(e.to) && !isFile(side, e.to))
        lines.push(`src/${side}: generic ${e.from} imports domain ${e.to}: ${e.files.join(', ')}`);
    }
  }
  return lines;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const v = violations();
  if (v.length) {
    console.log(v.join('\n'));
    process.exit(1);
  }
  console.log(
    'import graph: no cycles between folders, no generic folder importing a domain folder, no import source importing another',
  );
}
