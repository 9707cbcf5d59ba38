// The floor of the Excel import (POST /floor/import): the upload streamed through exceljs's reader into column
// arrays, the factors found by name in one query, the rows inserted in one transaction by unnest or COPY. Apart from
// the app (./floor.ts) as floorBatch.ts and floorBudget.ts are: one file per floor route.
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import type { FloorOptions } from './floor';
import { STAGE_COLUMNS } from './floorStage';
import type { Raw } from './raw';

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

export function floorImportRoute(app: FastifyInstance, raw: Raw, opts: FloorOptions): void {
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
