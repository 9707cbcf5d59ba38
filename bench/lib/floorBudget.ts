// The floor of a budget-file import: POST /floor/budget (multipart projectId, mappings, grid, file) — the
// least a route could do for the same rows, as the batch floor is for the wizard's save (floorBatch.ts). It reads
// the workbook with the same SheetJS build as ours, takes the 人材机汇总表's columns at their known places (名称,
// 规格型号, 单位, 数量 in columns D–G under the header on row 3), joins each line to what it was told for it
// (`mappings`, by name, spec and unit: the factor the person chose, the kind of row, the quantity's scale to the
// factor's unit, a machine's energy per 台班 — what our import works out itself), reads those factors and the truck
// in one query each, and inserts the rows ours inserts, column for column — a 建材生产 and a 建材运输 row per
// material line, a 建筑建造 row per energy or machine line, each with the factor's copy (value, unit, source,
// quality, density), its emission, the remark, the source (file, sheet, row, time) and, where ours has one, the
// trace of a default (the transport distance, the building's grid factor: `grid`) — one INSERT … SELECT FROM unnest
// per table, then stores the building's figures. Nothing else: no header search, no classes, no unit conversion,
// no machine table, no checks, no stored pre-flight.
import type { FastifyInstance } from 'fastify';
import * as XLSX from '@e965/xlsx';
import { rowEmission, storeBuilding } from './floorStage';
import type { Query, Raw } from './raw';

export interface FloorMapping {
  name: string;
  spec: string;
  unit: string;
  /** null: an electricity line on the building's grid factor */
  factorId: number | null;
  kind: 'material' | 'energy' | 'machine';
  /** the quantity in the factor's unit per unit of the line */
  scale: number;
  energy?: string;
  energyPerShift?: number;
  /** the unit of energyPerShift (附录C: kg of a fuel, kWh of electricity) */
  energyPerShiftUnit?: string;
  /** a machine line's 附录C row, as its source names it */
  machine?: string;
}

/** The building's grid factor as the trace of an electricity line without a factor names it. */
export interface FloorGrid {
  value: number;
  unit: string;
  source: string;
}

interface Factor {
  id: number;
  name: string;
  type: string;
  spec: string | null;
  unit: string;
  material_co: number;
  co_unit: string;
  source: string;
  quality: string | null;
  density: number | null;
  density_source: string | null;
  default_distance: number | null;
}

/** A line of the file, or the lines of one name, spec and unit merged (as ours merges them): their rows. */
interface Line {
  m: FloorMapping;
  name: string;
  spec: string;
  unit: string;
  quantity: number;
  rows: number[];
  factor?: Factor;
}

const keyOf = (name: unknown, spec: unknown, unit: unknown) =>
  `${String(name ?? '')}|${String(spec ?? '')}|${String(unit ?? '')}`;
const TYPES = { int: 'int4', float: 'float8', text: 'text', json: 'text' } as const;
type Columns = Record<string, [keyof typeof TYPES, unknown[]]>;
const FACTOR_COLUMNS =
  'id, name, type, spec, unit, material_co, co_unit, source, quality, density, density_source, default_distance';
const DISTANCE_SOURCE = '因子库材料的默认运输距离（GB/T 51366-2019 第6.3.2条：混凝土、砂浆 40 km，其他建材 500 km）';

/** One INSERT … SELECT FROM unnest of the column arrays into `table`; json columns cast to jsonb. */
async function insertAll(q: Query, table: string, columns: Columns) {
  const names = Object.keys(columns);
  if (!columns[names[0]][1].length) return;
  const picked = names.map((n) => (columns[n][0] === 'json' ? `u.${n}::jsonb` : `u.${n}`));
  const arrays = names.map((n, i) => `$${i + 1}::${TYPES[columns[n][0]]}[]`);
  await q.query(
    `insert into ${table} (${names.join(', ')}) select ${picked.join(', ')} from unnest(${arrays.join(', ')}) as u(${names.join(', ')})`,
    names.map((n) => columns[n][1]),
  );
}

export function floorBudgetRoute(app: FastifyInstance, raw: Raw, userId: number): void {
  app.post('/floor/budget', async (req, reply) => {
    let projectId = NaN;
    let told = new Map<string, FloorMapping>();
    let grid: FloorGrid = { value: 0, unit: 'kgCO2/kWh', source: '' };
    let count = 0;
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'projectId') projectId = Number(part.value);
        if (part.fieldname === 'mappings')
          told = new Map(
            (JSON.parse(String(part.value)) as FloorMapping[]).map((m) => [keyOf(m.name, m.spec, m.unit), m]),
          );
        if (part.fieldname === 'grid') grid = JSON.parse(String(part.value)) as FloorGrid;
        continue;
      }
      if (!Number.isFinite(projectId)) return reply.status(400).send({ code: 0, message: 'no building' });
      const fileName = part.filename;
      const book = XLSX.read(await part.toBuffer(), {
        type: 'buffer',
        dense: true,
        cellFormula: false,
        cellHTML: false,
        cellStyles: false,
        cellText: false,
      });
      const sheet = book.SheetNames.find((n) => n.includes('人材机')) ?? book.SheetNames[0];
      const data = (book.Sheets[sheet]['!data'] ?? []) as ({ v?: unknown } | undefined)[][];
      count = await raw.transaction(async (q) => {
        const ids = [...new Set([...told.values()].flatMap((m) => (m.factorId === null ? [] : [m.factorId])))];
        const factors = await q.query<Factor>(`select ${FACTOR_COLUMNS} from tpf3_build_material where id = any($1)`, [
          ids,
        ]);
        const byId = new Map(factors.map((f) => [Number(f.id), f]));
        const [truck] = await q.query<Factor>(
          `select ${FACTOR_COLUMNS} from tpf3_build_material where type = '运输' order by id limit 1`,
        );
        const merged = new Map<string, Line>();
        for (let r = 3; r < data.length; r++) {
          const row = data[r] ?? [];
          const key = keyOf(row[3]?.v, row[4]?.v, row[5]?.v);
          const m = told.get(key);
          const quantity = Number(String(row[6]?.v ?? '').replace(/,/g, ''));
          if (!m || !(quantity > 0)) continue;
          const seen = merged.get(key);
          if (seen) {
            seen.quantity += quantity * m.scale;
            seen.rows.push(r + 1);
          } else
            merged.set(key, {
              m,
              name: String(row[3]?.v),
              spec: String(row[4]?.v ?? ''),
              unit: String(row[5]?.v ?? ''),
              quantity: quantity * m.scale,
              rows: [r + 1],
              factor: m.factorId === null ? undefined : byId.get(m.factorId),
            });
        }
        const lines = [...merged.values()];
        const materials = lines.filter((l) => l.m.kind === 'material' && l.factor);
        const builds = lines.filter((l) => l.m.kind !== 'material');
        const importedAt = new Date().toISOString();
        const remark = (l: Line) =>
          `预算文件 ${fileName}：${sheet} ${l.rows.map((r) => `第${r}行`).join('、')}`.slice(0, 200);
        const source = (l: Line) =>
          JSON.stringify({
            fileName,
            fileId: projectId,
            sources: l.rows.map((row) => ({ sheet, row })),
            importedAt,
            ...(l.m.machine ? { machine: l.m.machine } : {}),
          });
        const defaults = (field: string, title: string, value: unknown, unit: string, from: string) =>
          JSON.stringify({ defaults: [{ field, title, value, unit, source: from }] });
        let kg = 0;
        let count = 0;
        // one table's rows as column arrays: the line's, its factor's copy (the truck's, for 建材运输), and its own
        const insert = async (
          table: string,
          ls: Line[],
          factor: (l: Line) => Factor | undefined,
          emission: (l: Line) => number | null,
          own: Columns,
        ) => {
          const e = ls.map(emission);
          kg += e.reduce<number>((a, x) => a + (x ?? 0), 0);
          count += ls.length;
          const copy = <T>(pick: (f: Factor) => T) =>
            ls.map((l) => {
              const f = factor(l);
              return f ? pick(f) : null;
            });
          await insertAll(q, table, {
            create_by: ['int', ls.map(() => userId)],
            project_id: ['int', ls.map(() => projectId)],
            quantity: ['float', ls.map((l) => l.quantity)],
            remarks: ['text', ls.map(remark)],
            bill_source: ['json', ls.map(source)],
            factor_id: ['int', copy((f) => f.id)],
            factor_value: ['float', copy((f) => f.material_co)],
            factor_unit: ['text', copy((f) => f.co_unit)],
            factor_source: ['text', copy((f) => f.source)],
            quality: ['text', copy((f) => f.quality)],
            emission: ['float', e],
            ...own,
          });
        };
        const names = ['text', materials.map((l) => l.factor!.name)] satisfies Columns[string];
        const units = ['text', materials.map((l) => l.factor!.unit)] satisfies Columns[string];
        const densities = ['float', materials.map((l) => l.factor!.density)] satisfies Columns[string];
        const densitySources = ['text', materials.map((l) => l.factor!.density_source)] satisfies Columns[string];
        await insert(
          'stage_produce',
          materials,
          (l) => l.factor,
          (l) => rowEmission({ quantity: l.quantity, factor_value: l.factor!.material_co }),
          {
            material_name: names,
            spec: ['text', materials.map((l) => l.factor!.spec)],
            unit: units,
            density: densities,
            density_source: densitySources,
          },
        );
        if (truck) {
          const distance = (l: Line) => l.factor!.default_distance ?? 500;
          await insert(
            'stage_trans',
            materials,
            () => truck,
            (l) => l.quantity * (l.factor!.density ?? 1) * distance(l) * truck.material_co,
            {
              material_id: ['int', materials.map((l) => l.factor!.id)],
              material_name: names,
              unit: units,
              density: densities,
              density_source: densitySources,
              default_distance: ['float', materials.map((l) => l.factor!.default_distance)],
              trace: [
                'json',
                materials.map((l) => defaults('distance', '运输距离(km)', distance(l), 'km', DISTANCE_SOURCE)),
              ],
            },
          );
        }
        await insert(
          'stage_build',
          builds,
          (l) => l.factor,
          (l) => (l.m.kind === 'machine' ? null : l.quantity * (l.factor?.material_co ?? grid.value)),
          {
            method: ['text', builds.map((l) => (l.m.kind === 'machine' ? 'machine' : 'energy'))],
            name: ['text', builds.map((l) => (l.m.kind === 'machine' && l.spec ? `${l.name} ${l.spec}` : l.name))],
            energy: ['text', builds.map((l) => l.m.energy ?? null)],
            unit: ['text', builds.map((l) => (l.m.kind === 'machine' ? '台班' : l.unit))],
            energy_per_shift: ['float', builds.map((l) => l.m.energyPerShift ?? null)],
            energy_per_shift_unit: ['text', builds.map((l) => l.m.energyPerShiftUnit ?? null)],
            trace: [
              'json',
              builds.map((l) =>
                l.factor || l.m.kind === 'machine'
                  ? null
                  : defaults('factorValue', '能源因子', grid.value, grid.unit, grid.source),
              ),
            ],
          },
        );
        await storeBuilding(q, projectId, kg, count);
        return count;
      });
    }
    return { code: 1, message: 'ok', data: { count } };
  });
}
