// The command-line tools the report tests read their files with (poppler, LibreOffice). Where one is missing a test
// that needs it is skipped, visibly, with the line that installs it; under REQUIRE_TOOLS=1 (CI, which installs them)
// a missing tool fails instead, so a test never passes by not running.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Each tool and the Debian line that installs it. */
const INSTALL = {
  pdftotext: 'apt-get install -y poppler-utils',
  pdftoppm: 'apt-get install -y poppler-utils',
  pdfinfo: 'apt-get install -y poppler-utils',
  soffice: 'apt-get install -y --no-install-recommends libreoffice-writer-nogui',
} as const;
export type Tool = keyof typeof INSTALL;

/** The tool's file: the first on PATH, as a shell would find it; undefined when none is there. */
const locate = (name: Tool): string | undefined =>
  (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, name))
    .find((f) => existsSync(f));

/** The tool to run: its file on PATH (its bare name when missing, for an error that names it). */
export const toolPath = (name: Tool): string => locate(name) ?? name;

const required = process.env.REQUIRE_TOOLS === '1';
const warned = new Set<string>();

/** Why a test cannot run here — each missing tool with its install line — or undefined when all are installed. */
export function missingTools(...names: Tool[]): string | undefined {
  const missing = names.filter((n) => !locate(n));
  if (missing.length === 0) return undefined;
  return missing.map((n) => `${n} missing (not on PATH): ${INSTALL[n]}`).join('; ');
}

/** Skips the running test when a tool is missing (the reason shows beside it); under REQUIRE_TOOLS=1 fails it. */
export function needTools(ctx: { skip: (note: string) => never }, ...names: Tool[]): void {
  const why = missingTools(...names);
  if (!why) return;
  if (required) throw new Error(`REQUIRE_TOOLS=1 and ${why}`);
  ctx.skip(why);
}

/** For the optional part of a test (a picture to look at, a second reading): whether the tools are installed. A missing
 * tool is named once on stderr with its install line; under REQUIRE_TOOLS=1 it throws, failing the test file. */
export function hasTools(...names: Tool[]): boolean {
  const why = missingTools(...names);
  if (!why) return true;
  if (required) throw new Error(`REQUIRE_TOOLS=1 and ${why}`);
  if (!warned.has(why)) console.warn(`[tools] ${why} — the checks that need it are skipped`);
  warned.add(why);
  return false;
}
