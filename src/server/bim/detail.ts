// A pre-flight report's bulk — every problem and every material with its GlobalIds, ~25 MB of JSON for a
// 200 000-element model — travels and is stored gzipped: the parsing process packs it, the server
// passes the bytes to the database untouched and unpacks them only for a page of the report or an import. The
// rest of the report (counts, groups, notes, floor area) is small and stays plain.
import { promisify } from 'node:util';
import { gunzip, gzipSync } from 'node:zlib';
import type { Report } from './preflight';

export type Summary = Omit<Report, 'problems' | 'materials'>;
export type Detail = Pick<Report, 'problems' | 'materials'>;

/** In the parsing process: the report split into its summary and its gzipped detail. */
export function packReport({ problems, materials, ...summary }: Report): { summary: Summary; detail: Uint8Array } {
  return { summary, detail: gzipSync(JSON.stringify({ problems, materials })) };
}

// (zlib on its thread pool: a big model's detail does not hold the server's event loop)
const unzip = promisify(gunzip);

export async function unpackDetail(bytes: Uint8Array): Promise<Detail> {
  return JSON.parse((await unzip(bytes)).toString('utf8')) as Detail;
}
