// Generic below, domain above (docs/architecture.md): the folders of src/server and src/client import each other
// without a cycle, and the generic folders import no domain folder. scripts/import-graph.mjs is the check; this runs
// it, so a back-up import fails the tests with the folders and files that make it.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function check(): { code: number; out: string } {
  try {
    return {
      code: 0,
      out: execFileSync(process.execPath, ['scripts/import-graph.mjs'], { cwd: ROOT, encoding: 'utf8' }),
    };
  } catch (e) {
    const err = e as { status: number; stdout: string };
    return { code: err.status, out: err.stdout };
  }
}

describe('the import graph', () => {
  it('has no folder cycle, no generic folder importing a domain folder, and bim and budget share only through imports/', () => {
    const { code, out } = check();
    expect(out.trim()).toBe(
      'import graph: no cycles between folders, no generic folder importing a domain folder, no import source importing another',
    );
    expect(code).toBe(0);
  });
});
