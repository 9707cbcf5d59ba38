// The floors: a bare Fastify app (no auth, no envelope plugin, no validation, no repository) whose routes do the
// same work as ours straight on the raw driver — the least a route could do for the same answer.
//   GET  /floor/recalc?projectId=    the building's stage rows, each row's emission in JS (quantity × factor
//                                    value), stored with ONE UPDATE … FROM unnest, the building's fields with one more
//   POST /floor/batch                JSON rows of one building (floorBatch.ts): factors, one insert, the recalc
//   POST /floor/import?insert=unnest|copy   multipart (projectId, file): exceljs's streaming reader over the
//                                    upload stream, factor names resolved in one query, one bulk insert in a
//                                    transaction (INSERT … SELECT FROM unnest in 20 000-row statements, or COPY)
//   POST /floor/budget               multipart (projectId, file): a budget workbook read and inserted (floorBudget.ts)
//   GET  /floor/stagePage?projectId=&pageNum=   a page of a building's stage rows, their count and emission sum
//   GET  /floor/list?name=&indexes=0|1   the building list's SQL (page and count of the current revisions, the
//                                    lookups of its decorate: engineering, creator, stale results, superseded);
//                                    indexes=0 turns index and bitmap scans off for the transaction
import fastifyMultipart from '@fastify/multipart';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { floorBatchRoute } from './floorBatch';
import { floorBudgetRoute } from './floorBudget';
import { recalcBuilding, STAGE_COLUMNS } from './floorStage';
import type { Query, Raw } from './raw';

/** The upload limit of the app (src/server/app.ts UPLOAD_LIMIT, the spec's 6 MB). */
const UPLOAD_LIMIT = 6 * 1024 * 1024;

export interface FloorOptions {
  stageTable: string;
  /** import title → the column it fills */
  titles: Record<string, 'material_name' | 'spec' | 'unit' | 'quantity' | 'factor_name' | 'density' | 'remarks'>;
  factorType: string;
  /** create_by of inserted rows: the admin the app's calls run as */
  userId: number;
}

const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'object' && 'richText' in (v as object))
    return (
      (v as { richText: { text: string }[] }).richText
        .map((t) => t.text)
        .join('')
        .trim() || null
    );
  const s = String(v).trim();
  return s === '' ? null : s;
};
const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

const csvField = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : `"${String(v).replace(/"/g, '""')}"`;

export function floorApp(raw: Raw, opts: FloorOptions): FastifyInstance {
  const app = Fastify({ logger: false });
  void app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 20 } });

  app.get<{ Querystring: { projectId: string } }>('/floor/recalc', async (req) =>
    raw.transaction(async (q) => (await recalcBuilding(q, opts.stageTable, Number(req.query.projectId))).answer),
  );
  floorBatchRoute(app, raw, opts);
  floorBudgetRoute(app, raw, opts.userId);

  // a page of a building's stage rows, its count and its emission sum, the two statements side by side (as ours)
  app.get<{ Querystring: { projectId: string; pageNum?: string; pageSize?: string } }>(
    '/floor/stagePage',
    async (req) => {
      const size = Number(req.query.pageSize ?? 10);
      const offset = (Number(req.query.pageNum ?? 1) - 1) * size;
      const id = Number(req.query.projectId);
      const [rows, [counted]] = await Promise.all([
        raw.query(`select * from "${opts.stageTable}" where "project_id" = $1 order by "id" asc limit $2 offset $3`, [
          id,
          size,
          offset,
        ]),
        raw.query<{ total: number; emission: number }>(
          `select count(*)::int as "total", coalesce(sum("emission"), 0)::float8 as "emission" from "${opts.stageTable}" where "project_id" = $1`,
          [id],
        ),
      ]);
      return {
        code: 1,
        message: 'ok',
        data: { dataList: rows, total: counted.total, sums: { emission: counted.emission } },
      };
    },
  );

  app.post<{ Querystring: { insert?: string } }>('/floor/import', async (req, reply) => {
    let projectId = NaN;
    let count = 0;
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'projectId') projectId = Number(part.value);
        continue;
      }
      const [b] = await raw.query('select id, tenant_id from tpf3_project where id = $1', [projectId]);
      if (!b) return reply.status(400).send({ code: 0, message: 'no building' });
      const rows = await readRows(part.file, opts);
      if (part.file.truncated) return reply.status(413).send({ code: 0, message: 'too large' });
      count = await insertRows(raw, opts, projectId, rows, req.query.insert === 'copy' ? 'copy' : 'unnest');
    }
    return { code: 1, message: 'ok', data: { count } };
  });

  app.get<{ Querystring: { name?: string; indexes?: string; pageNum?: string; pageSize?: string } }>(
    '/floor/list',
    async (req) => {
      const name = req.query.name;
      const size = Number(req.query.pageSize ?? 10);
      const offset = (Number(req.query.pageNum ?? 1) - 1) * size;
      const like = name ? `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const run = async (q: Query) => {
        // each building once, by its current revision (no later revision made of it)
        const current = 'not exists (select 1 from "tpf3_project" s where s."revision_of" = p."id")';
        const where = like ? `where "name" ilike $1 and ${current}` : `where ${current}`;
        const p = like ? [like] : [];
        const n = p.length;
        const rows = await q.query<{ id: number; engineering_id: number; create_by: number; review_state: string }>(
          `select * from "tpf3_project" p ${where} order by "create_date" desc, "id" desc limit $${n + 1} offset $${n + 2}`,
          [...p, size, offset],
        );
        const [{ total }] = await q.query<{ total: number }>(
          `select count(*)::int as "total" from "tpf3_project" p ${where}`,
          p,
        );
        const engs = [...new Set(rows.map((r) => r.engineering_id))];
        const users = [...new Set(rows.map((r) => r.create_by))];
        const approved = rows.filter((r) => r.review_state === 'approved').map((r) => r.id);
        await Promise.all([
          engs.length &&
            q.query('select "id", "name", "code", "build_area" from "tpf3_engineering" where "id" = any($1)', [engs]),
          users.length && q.query('select "id", "name" from "sys_user" where "id" = any($1)', [users]),
          // which results are older than their rows: a later audit entry of the building than the one it was calculated
          // after, looked up per building in its (project_id, id) index as ours is, so neither is timed with a join or
          // a
          // walk over the whole trail
          q.query(
            `select p."id" from "tpf3_project" p where p."id" = any($1) and p."result_detail" is not null
             and exists (select 1 from "tpf3_audit" a where a."project_id" = p."id" and (a."project_id", a."id") > (p."id", coalesce(p."result_input_id", 0)) and a."resource" <> 'tpf3_variant' offset 0)`,
            [rows.map((r) => r.id)],
          ),
          approved.length &&
            q.query('select "revision_of" from "tpf3_project" where "revision_of" = any($1)', [approved]),
        ]);
        return { code: 1, message: 'ok', data: { dataList: rows, total } };
      };
      if (req.query.indexes === '0') {
        return raw.transaction(async (q) => {
          await q.query('set local enable_indexscan = off');
          await q.query('set local enable_bitmapscan = off');
          return run(q);
        });
      }
      return run(raw);
    },
  );

  return app;
}

interface SheetRows {
  material_name: (string | null)[];
  spec: (string | null)[];
  unit: (string | null)[];
  quantity: (number | null)[];
  factor_name: (string | null)[];
  density: (number | null)[];
  remarks: (string | null)[];
}

/** The upload stream through exceljs's streaming reader: the first sheet's rows into column arrays. */
async function readRows(stream: Readable, opts: FloorOptions): Promise<SheetRows> {
  const out: SheetRows = {
    material_name: [],
    spec: [],
    unit: [],
    quantity: [],
    factor_name: [],
    density: [],
    remarks: [],
  };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    sharedStrings: 'cache',
    worksheets: 'emit',
    styles: 'ignore',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let sheets = 0;
  for await (const ws of reader) {
    const first = sheets++ === 0;
    let columns: [number, keyof SheetRows][] = [];
    for await (const row of ws as unknown as AsyncIterable<ExcelJS.Row>) {
      if (!first) continue;
      const values = row.values as unknown[];
      if (!columns.length) {
        columns = values.flatMap((v, i) => {
          const c = opts.titles[String(v ?? '').trim()];
          return c ? [[i, c] as [number, keyof SheetRows]] : [];
        });
        continue;
      }
      for (const [i, c] of columns) {
        const v = values[i];
        if (c === 'quantity' || c === 'density') out[c].push(num(v));
        else out[c].push(text(v));
      }
    }
  }
  return out;
}

/** Checks the rows (required cells, factors that exist) and inserts them in one transaction. */
async function insertRows(
  raw: Raw,
  opts: FloorOptions,
  projectId: number,
  rows: SheetRows,
  how: 'unnest' | 'copy',
): Promise<number> {
  const n = rows.material_name.length;
  const names = [...new Set(rows.factor_name.filter((v): v is string => v !== null))];
  const found = await raw.query<{ id: number; name: string; material_co: number; co_unit: string; source: string }>(
    `select id, name, material_co, co_unit, source from tpf3_build_material where type = $1 and name = any($2) and tenant_id is null order by id`,
    [opts.factorType, names],
  );
  const byName = new Map<string, { id: number; value: number; unit: string; source: string }>();
  for (const f of found) {
    if (byName.has(f.name)) continue;
    const t = /^tCO2/.test(f.co_unit ?? '');
    byName.set(f.name, {
      id: f.id,
      value: t ? Number(f.material_co) * 1000 : Number(f.material_co),
      unit: t ? `kg${f.co_unit.slice(1)}` : f.co_unit,
      source: f.source ?? '',
    });
  }
  const fid = new Array<number | null>(n);
  const fval = new Array<number | null>(n);
  const funit = new Array<string | null>(n);
  const fsrc = new Array<string | null>(n);
  for (let i = 0; i < n; i++) {
    if (!rows.material_name[i] || !rows.unit[i] || rows.quantity[i] === null || !(Number(rows.quantity[i]) >= 0))
      throw new Error(`row ${i + 2}: a required cell is empty or wrong`);
    const name = rows.factor_name[i];
    const f = name === null ? undefined : byName.get(name);
    if (name !== null && !f) throw new Error(`row ${i + 2}: no factor ${name}`);
    fid[i] = f?.id ?? null;
    fval[i] = f?.value ?? null;
    funit[i] = f?.unit ?? null;
    fsrc[i] = f?.source ?? null;
  }
  await raw.transaction(async (q) => {
    if (how === 'copy') {
      const lines = new Array<string>(n);
      for (let i = 0; i < n; i++) {
        lines[i] = [
          null,
          opts.userId,
          projectId,
          rows.material_name[i],
          rows.spec[i],
          rows.unit[i],
          rows.quantity[i],
          fid[i],
          fval[i],
          funit[i],
          fsrc[i],
          rows.density[i],
          rows.remarks[i],
        ]
          .map(csvField)
          .join(',');
      }
      await raw.copyCsv(q, opts.stageTable, STAGE_COLUMNS, lines.join('\n') + '\n');
      return;
    }
    const CHUNK = 20_000;
    for (let s = 0; s < n; s += CHUNK) {
      const e = Math.min(n, s + CHUNK);
      await q.query(
        `insert into ${opts.stageTable} (${STAGE_COLUMNS.join(', ')})
         select null, $12::int, $1, u.* from unnest($2::text[], $3::text[], $4::text[], $5::float8[], $6::int[], $7::float8[], $8::text[], $9::text[], $10::float8[], $11::text[]) as u`,
        [
          projectId,
          rows.material_name.slice(s, e),
          rows.spec.slice(s, e),
          rows.unit.slice(s, e),
          rows.quantity.slice(s, e),
          fid.slice(s, e),
          fval.slice(s, e),
          funit.slice(s, e),
          fsrc.slice(s, e),
          rows.density.slice(s, e),
          rows.remarks.slice(s, e),
          opts.userId,
        ],
      );
    }
  });
  return n;
}
