// web-ifc opens a model from a file on disk: OpenModelFromCallback asks for the bytes chunk by chunk,
// each read into one reused buffer, so the file is never one buffer in the thread's memory (OpenModel would need
// it whole, beside web-ifc's own copy). Used by the parsing worker and the bench's floor alike; the worker has the
// chunks repaired on the way (omitted.ts: `*` written for ordinary attributes, the xbim-house case).
import { closeSync, openSync, readSync } from 'node:fs';
import type { IfcAPI, LoaderSettings } from 'web-ifc';
import { repairing } from './omitted';

/** The model id (-1 when web-ifc cannot open the file) and, with `repair`, how many `*` were read as `$`. */
export function openIfcFile(
  api: IfcAPI,
  path: string,
  settings: LoaderSettings,
  repair = false,
): { model: number; omitted: number } {
  const fd = openSync(path, 'r');
  let chunk = Buffer.alloc(0);
  const plain = (offset: number, size: number) => {
    if (chunk.length < size) chunk = Buffer.allocUnsafe(size);
    return chunk.subarray(0, readSync(fd, chunk, 0, size, offset));
  };
  const source = repair ? repairing(plain) : { read: plain, repair: { starred: 0 } };
  try {
    return { model: api.OpenModelFromCallback(source.read, settings), omitted: source.repair.starred };
  } catch {
    return { model: -1, omitted: 0 }; // (web-ifc throws a TypeError on some non-IFC text instead of answering -1)
  } finally {
    closeSync(fd);
  }
}
