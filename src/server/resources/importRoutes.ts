// Excel template and import for a resource whose schema names `x-import` columns:
//   GET  P/template    the import template (.xlsx)                          → { data: download URL }
//   POST P/fileUpload  multipart: projectId (rows owned by a building), file → { data: { count } }
// The file is bounded and streamed (excel/readImport.ts); every row is converted and validated with the resource
// schema first; any problem → code 2 with `第{n}行 {列标题}` for every bad cell and nothing written. Otherwise
// all rows are created set-based in ONE transaction through the repository (tenant, owner, reference and hook
// rules apply), so a failing row rolls back the others. A long import runs on as a job (src/server/jobs/).
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertUnlocked } from '../db/lock';
import { sql } from 'kysely';
import { formatErrors, type FieldError } from '../../../schemas/validation';
import { callerOf } from '../auth/guard';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import { hooksOf } from '../db/hooks';
import { columnName } from '../db/naming';
import { repo, RowsInvalid } from '../db/repo';
import { afterBulkWrite } from '../db/upkeep';
import { assertRead, assertWrite, readScope, writeScope } from '../db/scope';
import { ok } from '../envelope';
import { ApiError, badRequest, invalid } from '../errors';
import { importColumns, hasImport, IMPORT_MESSAGES, templateSpec, type ImportColumn } from '../excel/importSheet';
import { readImportSheet, type SheetRow } from '../excel/readImport';
import { DEFAULT_WAIT_MS, jobAnswer, runJob, waitProperty, type Progress } from '../jobs/index';
import { stampedName } from '../excel/workbook';
import { drawWorkbook } from '../excel/draw';
import { putFile, XLSX_MIME } from '../files/store';
import { resourceDef, type ResourceDef } from '../db/registry';
import { bodyValidator } from './bodyValidators';
import { importEnded } from './importEvents';
import { breathe } from '../db/breathe';
import { typed } from '../http/typed';

interface Upload {
  fields: Record<string, string>;
  /** the first file */
  file?: { name: string; content: Buffer };
  /** every file, in the order sent (an EPD with its flow file) */
  files: { name: string; content: Buffer }[];
}

const isTooLarge = (err: unknown) => {
  const e = err as { code?: string };
  // (not FST_FILES_LIMIT / FST_FIELDS_LIMIT, also 413: too many parts is a bad request, not a big file)
  return e?.code === 'FST_REQ_FILE_TOO_LARGE' || e?.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
};

/** How big an upload may be and what its refusals say (the Excel import's by default). */
export interface UploadLimits {
  fileSize?: number;
  /** files one upload may carry (1 when not given); a part past it is refused while read */
  files?: number;
  /** what a part past `files` is told */
  tooMany?: string;
  tooLarge: string;
  noFile: string;
  badFile: string;
}

const EXCEL_UPLOAD: UploadLimits = {
  tooLarge: IMPORT_MESSAGES.tooLarge,
  noFile: IMPORT_MESSAGES.noFile,
  badFile: IMPORT_MESSAGES.badFile,
};

/** The multipart fields and the one file, whatever their order. Too large → 413 with the limits' message. */
export async function readUpload(req: FastifyRequest, limits: UploadLimits = EXCEL_UPLOAD): Promise<Upload> {
  if (!req.isMultipart()) throw badRequest(limits.noFile);
  const out: Upload = { fields: {}, files: [] };
  try {
    const sizes = limits.fileSize ? { fileSize: limits.fileSize } : {};
    const counted = limits.files ? { files: limits.files } : {};
    for await (const part of req.parts({ limits: { ...sizes, ...counted } })) {
      if (part.type === 'file') {
        const f = part as MultipartFile;
        const content = await f.toBuffer();
        if (f.file.truncated) throw new ApiError(413, 0, limits.tooLarge);
        out.files.push({ name: f.filename ?? '', content });
        if (!out.file) out.file = out.files[0];
      } else if (typeof part.value === 'string' || typeof part.value === 'number') {
        out.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (isTooLarge(err)) throw new ApiError(413, 0, limits.tooLarge);
    if ((err as { code?: string })?.code === 'FST_FILES_LIMIT' && limits.tooMany) throw badRequest(limits.tooMany);
    throw badRequest(limits.badFile);
  }
  return out;
}

/** The building the rows go to: a building the caller may write, else the spec's message. */
async function projectOf(db: Db, caller: Caller, def: ResourceDef, raw: string | undefined): Promise<number> {
  const id = raw !== undefined && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw badRequest(IMPORT_MESSAGES.noProject);
  const target = resourceDef(def.schema.properties.projectId['x-reference']?.resource ?? 'tpf3Project');
  let q = db.selectFrom(target.table).select('id').where('id', '=', id);
  const rs = readScope(target.meta, caller);
  const ws = writeScope(target.meta, caller);
  if (rs) q = q.where(rs);
  if (ws) q = q.where(ws);
  if (!(await q.executeTakeFirst())) throw badRequest(IMPORT_MESSAGES.noProject);
  await assertUnlocked(db, def, { projects: [id] });
  return id;
}

/**
 * Reference columns (x-reference, e.g. 排放因子名称 → factorId): a text is the label of a record the caller may
 * read — of the x-factor type when there is one — and becomes its id; the caller's own tenant's records come
 * before system ones, then the oldest. A text that names none (and is not an id) is a problem of that cell.
 */
export async function resolveReferences(
  db: Db,
  caller: Caller,
  columns: ImportColumn[],
  rows: SheetRow[],
): Promise<void> {
  for (const c of columns) {
    if (!c.reference) continue;
    const names = [...new Set(rows.map((r) => r.body[c.key]).filter((v): v is string => typeof v === 'string'))];
    if (!names.length) continue;
    const target = resourceDef(c.reference.resource);
    const label = columnName(c.reference.label);
    let q = db
      .selectFrom(target.table)
      .select(['id', `${label} as label`])
      .where(label, '=', sql<string>`any(${names}::text[])`);
    const scope = readScope(target.meta, caller);
    if (scope) q = q.where(scope);
    const offered = hooksOf(target.name).listWhere; // (a label names the current version, not an old one)
    if (offered) q = q.where(offered(caller));
    if (c.reference.type && 'type' in target.schema.properties) q = q.where(columnName('type'), '=', c.reference.type);
    const found = (await q
      .orderBy(sql`tenant_id is null`)
      .orderBy('id')
      .execute()) as { id: number; label: string }[];
    const ids = new Map<string, number>();
    for (const f of found) if (!ids.has(f.label)) ids.set(f.label, Number(f.id));
    for (const row of rows) {
      const v = row.body[c.key];
      if (typeof v !== 'string') continue;
      const id = ids.get(v) ?? (/^\d+$/.test(v) ? Number(v) : undefined);
      if (id !== undefined) row.body[c.key] = id;
      else {
        delete row.body[c.key];
        row.errors.push({ field: c.key, errorMsg: `${c.title}「${v}」不存在` });
      }
    }
  }
}

const cellField = (rowNumber: number, title: string) => `第${rowNumber}行 ${title}`;

/** A field path from formatErrors (or a hook) → its column title, or the property title when not a column. */
function titleOf(def: ResourceDef, columns: ImportColumn[], field: string): string {
  const key = field.split('.')[0];
  return columns.find((c) => c.key === key)?.title ?? def.schema.properties[key]?.title ?? key;
}

export function importRoutes(app: FastifyInstance, db: Db, def: ResourceDef): void {
  if (!hasImport(def.schema)) return;
  const api = typed(app); // (`r` is the rows' repo here)
  const base = `/api/${def.meta.path}`;
  const r = repo(db, def.name);
  const projectOwned = 'projectId' in def.schema.properties;
  const title = def.meta.title;

  api.get(`${base}/template`, { config: { writes: true } }, async (req) => {
    const caller = callerOf(req);
    assertRead(def.meta, caller);
    const content = await drawWorkbook({
      template: templateSpec([{ title, columns: await importColumns(db, def.schema) }]),
    });
    const url = await putFile(db, caller, {
      fileName: stampedName(`${title}导入模板`, 'xlsx'),
      mime: XLSX_MIME,
      content,
    });
    return ok(url, IMPORT_MESSAGES.template);
  });

  const uploadQuery = { type: 'object', additionalProperties: false, properties: { wait: waitProperty } } as const;
  api.post(`${base}/fileUpload`, { schema: { querystring: uploadQuery }, config: { writes: true } }, async (req) => {
    const caller = callerOf(req);
    assertWrite(def.meta, caller);
    const upload = await readUpload(req);
    const projectId = projectOwned ? await projectOf(db, caller, def, upload.fields.projectId) : undefined;
    if (!upload.file || !upload.file.content.length) throw badRequest(IMPORT_MESSAGES.noFile);
    const file = upload.file;
    const end = { db, caller, def, projectId, fileName: file.name };
    const outcome = await runJob(
      db,
      caller,
      { kind: 'import', title: `导入${title} — ${file.name}`, waitMs: req.query.wait ?? DEFAULT_WAIT_MS },
      async (progress) => {
        try {
          const count = await importRows(caller, file.content, projectId, progress);
          afterBulkWrite(db, def.table, count, (err) => req.log.warn({ err }, 'upkeep after import failed'));
          await importEnded({ ...end, count }).catch((err) => req.log.warn({ err }, 'import listeners failed'));
          return { count };
        } catch (err) {
          await importEnded({ ...end, error: failureText(err) }).catch((e) =>
            req.log.warn({ err: e }, 'import listeners failed'),
          );
          throw err;
        }
      },
    );
    return jobAnswer(outcome, IMPORT_MESSAGES.uploaded);
  });

  /** Reads, checks and stores every row of the file in one transaction; answers how many. */
  async function importRows(
    caller: Caller,
    content: Buffer,
    projectId: number | undefined,
    progress: Progress,
  ): Promise<number> {
    const columns = await importColumns(db, def.schema);
    const { rows } = await readImportSheet(content, title, columns, (read) => progress(read, null));
    const total = rows.length;
    progress(0, total);
    await resolveReferences(db, caller, columns, rows);

    // validate every row; collect every problem
    const validate = bodyValidator(def, 'create'); // (the create route's check, defaults applied)
    const problems: FieldError[] = [];
    for (const [i, row] of rows.entries()) {
      await breathe(i);
      if (projectId !== undefined) row.body.projectId = projectId;
      const bad = new Map<string, string>();
      for (const e of row.errors) bad.set(e.field, e.errorMsg);
      if (!validate(row.body)) {
        for (const e of formatErrors(validate.errors, def.schema)) if (!bad.has(e.field)) bad.set(e.field, e.errorMsg);
      }
      for (const [field, errorMsg] of bad)
        problems.push({ field: cellField(row.rowNumber, titleOf(def, columns, field)), errorMsg });
    }
    if (problems.length) throw invalid(capped(problems), IMPORT_MESSAGES.invalid);

    // all rows or none
    try {
      await db.transaction().execute((trx) =>
        r.createMany(
          caller,
          rows.map((row) => row.body),
          trx,
          (done) => progress(done, total),
        ),
      );
    } catch (err) {
      // a rule of the repository (references, hooks) failed for some rows: name them
      if (err instanceof RowsInvalid) {
        const fields = [...err.rows].flatMap(([i, errors]) =>
          errors.map((e) => ({
            field: cellField(rows[i].rowNumber, titleOf(def, columns, e.field)),
            errorMsg: e.errorMsg,
          })),
        );
        throw invalid(capped(fields), IMPORT_MESSAGES.invalid);
      }
      throw err;
    }
    return total;
  }
}

/** At most this many problems are listed (a wholly wrong 80 000-row file would otherwise answer megabytes). */
export const MAX_PROBLEMS = 500;

function capped(problems: FieldError[]): FieldError[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  return [
    ...problems.slice(0, MAX_PROBLEMS),
    { field: '其余', errorMsg: `另有 ${problems.length - MAX_PROBLEMS} 处错误未列出` },
  ];
}

/** An import failure in one line: the message and the first problems it named. */
function failureText(err: unknown): string {
  if (!(err instanceof ApiError)) return '服务器错误!';
  const fields = Array.isArray(err.data)
    ? (err.data as FieldError[]).slice(0, 3).map((e) => `${e.field}：${e.errorMsg}`)
    : [];
  const more = Array.isArray(err.data) && err.data.length > 3 ? ` 等共 ${err.data.length} 处` : '';
  return [err.message, ...fields].join('；') + more;
}
