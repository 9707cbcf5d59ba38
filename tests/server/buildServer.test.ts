// The server compiled ahead (scripts/build-server.mjs): what `npm start` runs must find what the
// sources find — the process entries they start (the BIM parse child) next to the output, data files (seed CSVs,
// sysConfig.json, fonts) where they are in the tree. A wrong rewrite shows only when the child is started, so the
// build is read back here: the child's `new URL("./bim-parse-worker.js", import.meta.url)` is left relative to the
// output and names a file of it, and a data file's URL resolves to the file in the tree.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error — a plain .mjs script without types
import { buildServer } from '../../scripts/build-server.mjs';

let out: string;
beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'tansuan-build-'));
  await buildServer(out);
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

const outputs = () => readdirSync(out).filter((f) => f.endsWith('.js'));

describe('the compiled server', () => {
  it('points every process entry at a file of the output', () => {
    const named = outputs().flatMap((f) =>
      [...readFileSync(join(out, f), 'utf8').matchAll(/new URL\("\.\/([\w-]+\.js)", import\.meta\.url\)/g)].map(
        (m) => m[1],
      ),
    );
    expect(named).toContain('bim-parse-worker.js');
    // the pool's thread and the tasks it runs: the report's drawing, the manual's
    expect(named).toEqual(expect.arrayContaining(['jobs-thread.js', 'reports-drawTask.js', 'help-manualTask.js']));
    for (const file of named) expect(outputs()).toContain(file);
  });

  it('reads data files where they are in the tree', () => {
    // settings.ts reads ../db/seed/data/sysConfig.json beside its source: the URL is rewritten to the source's place
    // (in whichever output the bundler put settings.ts: main.js or a shared chunk)
    const found = outputs().flatMap((f) => {
      const m = /new URL\(("[^"]*src\/server\/settings\/settings\.ts"), import\.meta\.url\)/.exec(
        readFileSync(join(out, f), 'utf8'),
      );
      return m ? [{ file: f, source: m[1] }] : [];
    });
    expect(found).toHaveLength(1);
    const resolved = new URL(
      '../db/seed/data/sysConfig.json',
      new URL(JSON.parse(found[0].source), `file://${out}/${found[0].file}`),
    );
    expect(JSON.parse(readFileSync(resolved, 'utf8')).length).toBeGreaterThan(5);
  });
});
