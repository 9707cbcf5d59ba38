// A budget file read in a reader thread (readBill.ts): SheetJS's parse, the tables and the pre-flight are seconds of
// CPU for a large workbook, and on the request loop they held every other request. In: the file's bytes and the
// building's floor area; out: the pre-flight packed as it is stored (store.ts packBill) with its line count, or the
// reader's refusal as its status and Chinese message, so the route answers the same 400 it would have answered itself
// (a pool thread passes only an error's message).
import { ApiError } from '../errors';
import type { FloorArea } from '../../../schemas/bim';
import { preflight } from './preflight';
import { readBudgetGrids } from './readGrids';
import { packBill } from './store';
import { readTables } from './tables';

export interface ReadData {
  content: Uint8Array;
  floor: FloorArea | null;
}

export interface ReadBill {
  totalLines: number;
  /** the pre-flight as packBill packs it */
  packed: Uint8Array;
}

export type ReadAnswer =
  { value: ReadBill } | { refused: { status: number; code: 0 | 2; message: string; data: unknown } };

export default function readTask({ content, floor }: ReadData): ReadAnswer {
  try {
    const buf = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    const read = preflight(readTables(readBudgetGrids(buf)), floor);
    return { value: { totalLines: read.totalLines, packed: packBill(read) } };
  } catch (err) {
    if (err instanceof ApiError)
      return { refused: { status: err.status, code: err.code, message: err.message, data: err.data } };
    throw err;
  }
}
