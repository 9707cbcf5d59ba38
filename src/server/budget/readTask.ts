// A budget file read in a worker thread of its own (started by readBill.ts): SheetJS's parse, the tables and the
// pre-flight are seconds of CPU for a large workbook, and on the request loop they held every other request. The
// file's bytes and the building's floor area come as workerData; the answer is the pre-flight packed as it is
// stored (store.ts packBill, its bytes transferred, not copied) with its line count, or the refusal as its status and
// Chinese message so the route answers the same 400 it would have answered itself.
import { parentPort, workerData } from 'node:worker_threads';
import { ApiError } from '../errors';
import type { FloorArea } from '../bim/model';
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

export type ReadAnswer = { value: ReadBill } | { refused: { status: number; code: 0 | 2; message: string; data: unknown } } | { error: string };

function answer({ content, floor }: ReadData): ReadAnswer {
  try {
    const buf = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    const read = preflight(readTables(readBudgetGrids(buf)), floor);
    return { value: { totalLines: read.totalLines, packed: packBill(read) } };
  } catch (err) {
    if (err instanceof ApiError) return { refused: { status: err.status, code: err.code, message: err.message, data: err.data } };
    return { error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
}

const a = answer(workerData as ReadData);
parentPort?.postMessage(a, 'value' in a ? [a.value.packed.buffer as ArrayBuffer] : []);
