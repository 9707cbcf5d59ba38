// The floor of a budget-file import (issue 26): POST /floor/budget (multipart projectId, mappings, file) — the
// least a route could do for the same rows, as the batch floor is for the wizard's save (floorBatch.ts). It reads
// the workbook with the same SheetJS build as ours, takes the 人材机汇总表's columns at their known places (名称,
// 规格型号, 单位, 数量 in columns D–G under the header on row 3), joins each line to the factor the person chose
// (`mappings`: name, spec, unit → factorId, what our import receives), reads those factors and the truck in one
// query each, and inserts what ours inserts — a 建材生产 row and a 建材运输 row per material line, a 建筑建造 row
// per energy line, each with the factor's copy, its emission (quantity × value), the remark and the source (file,
// sheet, row) — one INSERT … SELECT FROM unnest per table, then stores the building's figures. Nothing else: no
// header search, no classes, no unit conversion, no machine table, no checks, no traces, no stored pre-flight.
import type { FastifyInstance } from 'fastify';
import * as XLSX from '@e965/xlsx';
import { rowEmission, storeBuilding } from './floorStage';
import type { Query, Raw } from './raw';

export interface FloorMapping {
  name: string;
  spec: string;
  unit: string;
  factorId: number;
}

interface Factor {
  id: number;
  name: string;
  type: string;
  material_co: number;
  co_unit: string;
  source: string;
  density: number | null;
}

interface Line {
  name: string;
  spec: string;
  unit: string;
  quantity: number;
  row: number;
  factor: Factor;
}

const keyOf = (name: unknown, spec: unknown, unit: unknown) => `${String(name ?? '')}|${String(spec ?? '')}|${String(unit ?? '')}`;
const TYPES = { int: 'int4', float: 'float8', text: 'text', json: 'text' } as const;
type Columns = Record<string, [keyof typeof TYPES, unknown[]]>;

/** One INSERT … SELECT FROM unnest of the column arrays into `table`; json columns cast to jsonb. */
async function insertAll(q: Query, table: string, columns: Columns) {
  const names = Object.keys(columns);
  if (!columns[names[0]][1].length) return;
  const picked = names.map((n) => (columns[n][0] === 'json' ? `u.${n}::jsonb` : `u.${n}`));
  const arrays = names.map((n, i) => `$${i + 1}::${TYPES[columns[n][0]]}[]`);
  await q.query(`insert into ${table} (${names.join(', ')}) select ${picked.join(', ')} from unnest(${arrays.join(', ')}) as u(${names.join(', ')})`, names.map((n) => columns[n][1]));
}

export function floorBudgetRoute(app: FastifyInstance, raw: Raw, userId: number): void {
  app.post('/floor/budget', async (req, reply) => {
    let projectId = NaN;
    let chosen = new Map<string, number>();
    let count = 0;
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'projectId') projectId = Number(part.value);
        if (part.fieldname === 'mappings') chosen = new Map((JSON.parse(String(part.value)) as FloorMapping[]).map((m) => [keyOf(m.name, m.spec, m.unit), m.factorId]));
        continue;
      }
      if (!Number.isFinite(projectId)) return reply.status(400).send({ code: 0, message: 'no building' });
      const fileName = part.filename;
      const book = XLSX.read(await part.toBuffer(), { type: 'buffer', dense: true, cellFormula: false, cellHTML: false, cellStyles: false, cellText: false });
      const sheet = book.SheetNames.find((n) => n.includes('人材机')) ?? book.SheetNames[0];
      const data = (book.Sheets[sheet]['!data'] ?? []) as ({ v?: unknown } | undefined)[][];
      count = await raw.transaction(async (q) => {
        const factors = await q.query<Factor>('select id, name, type, material_co, co_unit, source, density from tpf3_build_material where id = any($1)', [[...new Set(chosen.values())]]);
        const byId = new Map(factors.map((f) => [Number(f.id), f]));
        const [truck] = await q.query<Factor>("select id, name, type, material_co, co_unit, source, density from tpf3_build_material where type = '运输' order by id limit 1");
        const lines: Line[] = [];
        for (let r = 3; r < data.length; r++) {
          const row = data[r] ?? [];
          const quantity = Number(String(row[6]?.v ?? '').replace(/,/g, ''));
          const factor = byId.get(chosen.get(keyOf(row[3]?.v, row[4]?.v, row[5]?.v)) ?? NaN);
          if (factor && quantity > 0) lines.push({ name: String(row[3]?.v), spec: String(row[4]?.v ?? ''), unit: String(row[5]?.v ?? ''), quantity, row: r + 1, factor });
        }
        const materials = lines.filter((l) => l.factor.type !== '能源');
        const energies = lines.filter((l) => l.factor.type === '能源');
        const remark = (l: Line) => `预算文件 ${fileName}：${sheet} 第${l.row}行`;
        const source = (l: Line) => JSON.stringify({ fileName, sources: [{ sheet, row: l.row }] });
        let kg = 0;
        let count = 0;
        // one table's rows as column arrays: the line's and its factor's (the truck's, for 建材运输), and its own
        const insert = async (table: string, ls: Line[], factor: (l: Line) => Factor, own: Columns) => {
          const emission = ls.map((l) => rowEmission({ quantity: l.quantity, factor_value: factor(l).material_co }));
          kg += emission.reduce((a, e) => a + e, 0);
          count += ls.length;
          await insertAll(q, table, {
            create_by: ['int', ls.map(() => userId)],
            project_id: ['int', ls.map(() => projectId)],
            unit: ['text', ls.map((l) => l.unit)],
            quantity: ['float', ls.map((l) => l.quantity)],
            remarks: ['text', ls.map(remark)],
            bill_source: ['json', ls.map(source)],
            factor_id: ['int', ls.map((l) => factor(l).id)],
            factor_value: ['float', ls.map((l) => factor(l).material_co)],
            factor_unit: ['text', ls.map((l) => factor(l).co_unit)],
            factor_source: ['text', ls.map((l) => factor(l).source)],
            emission: ['float', emission],
            ...own,
          });
        };
        const names = ['text', materials.map((l) => l.factor.name)] satisfies Columns[string];
        const densities = ['float', materials.map((l) => l.factor.density)] satisfies Columns[string];
        await insert('stage_produce', materials, (l) => l.factor, { material_name: names, spec: ['text', materials.map((l) => l.spec || null)], density: densities });
        if (truck) await insert('stage_trans', materials, () => truck, { material_id: ['int', materials.map((l) => l.factor.id)], material_name: names, density: densities, distance: ['float', materials.map(() => 40)] });
        await insert('stage_build', energies, (l) => l.factor, { method: ['text', energies.map(() => 'energy')], name: ['text', energies.map((l) => l.name)] });
        await storeBuilding(q, projectId, kg, count);
        return count;
      });
    }
    return { code: 1, message: 'ok', data: { count } };
  });
}
