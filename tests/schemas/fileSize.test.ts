// Small single-purpose files: no source file of the product grows over 300 lines. Data lives in
// data files (src/server/db/seed/data/), not in code, so only code is counted.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 300;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE_DIRS = ['src', 'schemas', 'scripts', 'bench'];
const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(path);
    return SOURCE.test(e.name) ? [path] : [];
  });
}

/** Lines as `wc -l` counts them: a last line without its newline still counts. */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('source file size', () => {
  const files = SOURCE_DIRS.flatMap(sourceFiles);

  it('finds the source files', () => {
    // a wrong root or pattern would find nothing and pass the check below by default
    expect(files).toContain('src/calc/plausibility.ts');
    expect(files).toContain('schemas/standards.ts');
  });

  it(`no source file under ${SOURCE_DIRS.join('/, ')}/ is over ${MAX_LINES} lines`, () => {
    const over = files
      .map((f) => ({ f, lines: lineCount(readFileSync(join(ROOT, f), 'utf8')) }))
      .filter((x) => x.lines > MAX_LINES)
      .map((x) => `${x.f}: ${x.lines} lines`);
    expect(over).toEqual([]);
  });
});
