// An uploaded model is bounded and checked before any parser sees it, and is
// never held whole in memory: the multipart file streams to a spool on disk (files/spool.ts), at most 200 MB.
// Its first bytes decide at once — a zip, or the `ISO-10303-21;` header naming IFC2X3, IFC4 or IFC4X3_ADD2 in
// FILE_SCHEMA — so a wrong file is answered before the rest arrives. The rest of a refused request is read and
// dropped as it streams, never kept, and its connection closed if it is still open LINGER_MS later (dropRest). An
// .ifczip is unzipped from disk with the Excel imports' bomb limits and must hold one .ifc. The text must end
// with `END-ISO-10303-21;`, read from the file's end on disk (a truncated export opens in web-ifc and silently
// loses its relations, so it is refused here).
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { ApiError, badRequest } from '../errors';
import { createSpool, receive } from '../files/spool';
import { extractEntry, zipFileEntries } from '../files/zipFile';
import { assertDeclaredBounds, ZipRefused } from '../files/zipBounds';

const MB = 1024 * 1024;
export const BIM_LIMIT = 200 * MB;

export const BIM_MESSAGES = {
  tooLarge: '文件大小不能超过 200 MB',
  noFile: '请选择要导入的 IFC 文件',
  notIfc: '文件不是 IFC 格式（缺少 ISO-10303-21 文件头），请从设计软件导出 .ifc 或 .ifczip 文件',
  truncated: '文件不完整（缺少 END-ISO-10303-21; 结尾），可能上传中断或导出失败，请重新导出',
  noSchema: '文件未声明 IFC 版本（FILE_SCHEMA），无法识别',
  unzipTooLarge: 'ifczip 解压后过大（超过 200 MB 或压缩比异常）',
  badZip: 'ifczip 文件已损坏或其中没有 .ifc 文件',
  estimate: '估算模块不支持 BIM 模型导入',
} as const;

export const unknownSchema = (name: string) => `不支持的 IFC 版本「${name}」，请导出为 IFC2X3、IFC4 或 IFC4X3_ADD2`;

export type SchemaFamily = 'IFC2X3' | 'IFC4' | 'IFC4X3';

/**
 * The IFC schema family of a FILE_SCHEMA name: IFC2X3 (with its TCs), IFC4 (ADD1/ADD2/TC1) or IFC 4.3 as
 * published (IFC4X3, IFC4X3_ADD2 = ISO 16739-1:2024; both read by web-ifc as its IFC4X3 schema), else null: the
 * 4.3 drafts (RC1–RC4, ADD1) differ in entities and attributes, and IFC4X3_TC1 is not a schema web-ifc knows.
 */
export function schemaFamily(name: string): SchemaFamily | null {
  const n = name.trim().toUpperCase();
  if (/^IFC2X3(_TC1)?$/.test(n)) return 'IFC2X3';
  if (/^IFC4(_ADD[12])?(_TC1)?$/.test(n)) return 'IFC4';
  if (/^IFC4X3(_ADD2)?$/.test(n)) return 'IFC4X3';
  return null;
}

/** How much of the start decides: the header and FILE_SCHEMA are within it in every export. */
const HEAD_BYTES = 64 * 1024;
const BOM = '(?:\\uFEFF|\\xEF\\xBB\\xBF)?';
const LEAD = new RegExp(`^${BOM}\\s*([^\\s;]{0,12})`);
const MAGIC = new RegExp(`^${BOM}\\s*ISO-10303-21\\s*;`);

/** The schema family from the text's first bytes; undefined while more bytes could still decide; throws a refusal. */
export function checkHead(head: Buffer, complete: boolean): SchemaFamily | undefined {
  const text = head.toString('latin1');
  // (a file that cannot become `ISO-10303-21` is refused on its first bytes)
  if (!'ISO-10303-21'.startsWith(LEAD.exec(text)![1])) throw badRequest(BIM_MESSAGES.notIfc);
  const schema = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(text)?.[1];
  if (schema === undefined && !complete) return undefined;
  if (!MAGIC.test(text)) throw badRequest(BIM_MESSAGES.notIfc);
  if (!schema) throw badRequest(BIM_MESSAGES.noSchema);
  const family = schemaFamily(schema);
  if (!family) throw badRequest(unknownSchema(schema));
  return family;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** An upload's first bytes: 'zip', or the IFC text's schema family. */
function kindOf(head: Buffer, complete: boolean): SchemaFamily | 'zip' | undefined {
  if (complete && !head.length) throw badRequest(BIM_MESSAGES.noFile);
  if (head.length < ZIP_MAGIC.length && !complete) return undefined;
  if (ZIP_MAGIC.every((b, i) => head[i] === b)) return 'zip';
  return checkHead(head, complete);
}

/** Throws `truncated` unless the file at `path` ends with `END-ISO-10303-21;`. */
async function checkTail(path: string): Promise<void> {
  const f = await open(path, 'r');
  try {
    const { size } = await f.stat();
    const tail = Buffer.alloc(Math.min(size, 4096));
    await f.read(tail, 0, tail.length, size - tail.length);
    if (!/END-ISO-10303-21\s*;\s*$/.test(tail.toString('latin1'))) throw badRequest(BIM_MESSAGES.truncated);
  } finally {
    await f.close();
  }
}

const ZIP_LIMITS = { maxTotal: BIM_LIMIT, maxEntry: BIM_LIMIT, maxRatio: 100, ratioFrom: MB };

/** The one .ifc of the spooled .ifczip at `zip`, unzipped to `dest` (bounded; its head checked as it inflates). */
async function unzipModel(zip: string, dest: string): Promise<SchemaFamily> {
  try {
    const entries = await zipFileEntries(zip, (await stat(zip)).size);
    assertDeclaredBounds(entries, ZIP_LIMITS);
    const ifc = entries.filter((e) => /\.ifc$/i.test(e.name));
    if (ifc.length !== 1) throw badRequest(BIM_MESSAGES.badZip);
    return await extractEntry(zip, ifc[0], dest, { inspect: checkHead, headBytes: HEAD_BYTES });
  } catch (err) {
    if (err instanceof ZipRefused)
      throw badRequest(err.reason === 'tooLarge' ? BIM_MESSAGES.unzipTooLarge : BIM_MESSAGES.badZip);
    throw err;
  } finally {
    await rm(zip, { force: true }); // (the archive is not needed once unpacked)
  }
}

/** A checked model on disk; `remove()` deletes it (its spool folder). */
export interface SpooledModel {
  name: string;
  path: string;
  remove(): Promise<void>;
}

/** The upload's file part to disk and checked; on any refusal nothing is left on disk. */
async function spoolModel(part: MultipartFile): Promise<SpooledModel> {
  const spool = await createSpool();
  try {
    const upload = join(spool.dir, 'upload');
    const { verdict } = await receive(part.file as Readable, upload, {
      inspect: kindOf,
      headBytes: HEAD_BYTES,
      onRefusal: 'drain',
    });
    if (part.file.truncated) throw new ApiError(413, 0, BIM_MESSAGES.tooLarge);
    const path = verdict === 'zip' ? join(spool.dir, 'model.ifc') : upload;
    if (verdict === 'zip') await unzipModel(upload, path);
    await checkTail(path);
    return { name: part.filename ?? '', path, remove: spool.remove };
  } catch (err) {
    await spool.remove();
    throw err;
  }
}

/** How long a refused upload's client may go on sending (read and dropped) before its connection is closed. */
export const LINGER_MS = 10_000;

/**
 * After a refusal the rest of the request is read and dropped (files/spool.ts reads the file part on; the part's
 * 'close' resumes the request), so the client gets its answer rather than a reset; a client that is still sending
 * — or has stopped without closing — LINGER_MS later has its connection closed: no connection waits on a refused
 * body (a graceful stop waits for open requests).
 */
function dropRest(req: FastifyRequest, file: Readable): void {
  if (req.raw.readableEnded) return;
  const close = setTimeout(() => req.raw.destroy(), LINGER_MS).unref();
  req.raw.once('end', () => clearTimeout(close)).once('close', () => clearTimeout(close));
  file.resume();
}

/**
 * The multipart fields and the model, spooled and checked. `beforeFile` runs as the file part begins, with the
 * fields sent before it (the client sends projectId first): what it throws refuses the upload before the file is
 * read. Refusals: 400 with the reason, 413 over 200 MB.
 */
export async function receiveModel(
  req: FastifyRequest,
  beforeFile?: (fields: Record<string, string>) => Promise<void>,
): Promise<{ fields: Record<string, string>; model: SpooledModel }> {
  if (!req.isMultipart()) throw badRequest(BIM_MESSAGES.noFile);
  const fields: Record<string, string> = {};
  let model: SpooledModel | undefined;
  let file: Readable | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: BIM_LIMIT } })) {
      if (part.type === 'file') {
        // whatever stops reading the part, the rest of the request is read and dropped: the client gets its answer
        part.file.once('close', () => req.raw.resume());
        if (model) {
          part.file.resume();
          continue;
        }
        file = part.file;
        await beforeFile?.(fields);
        model = await spoolModel(part);
      } else if (typeof part.value === 'string' || typeof part.value === 'number') {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if (file) dropRest(req, file);
    await model?.remove();
    if (err instanceof ApiError) throw err;
    const e = err as { code?: string; syscall?: string };
    if (e?.code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 0, BIM_MESSAGES.tooLarge);
    if (e?.syscall) throw err; // the server's own disk (a full one answers 507, errorHandler)
    throw badRequest(BIM_MESSAGES.noFile);
  }
  if (!model) throw badRequest(BIM_MESSAGES.noFile);
  return { fields, model };
}
