// The EPD factors a building's rows use, read once per calculation: an EPD whose validity has ended is named on every
// row that uses it and in its stage's warnings (the figure still counts: the user decides, but never unawares), and
// module D is worked from the materials stage's rows whose EPD declares it.
import { sql } from 'kysely';
import { epdExpired, type EpdData } from '../../../schemas/epd';
import { stageOfRole } from '../../../schemas/stageMeta';
import type { BuildingResult } from '../../calc/building';
import { moduleD, type EpdRowUse, type ModuleD } from '../../calc/modules';
import { shortNumber } from '../../calc/format';
import type { Executor } from '../db/database';
import { resourceDef } from '../db/registry';

interface StageRows {
  schema: { 'x-stage'?: { code: string }; properties: Record<string, { 'x-factor'?: unknown }> };
  rows: Record<string, unknown>[];
}

export interface EpdFactorRow {
  id: number;
  name: string;
  epd: EpdData;
}

/** The factor-picking properties of a stage (factorId, materialId …). */
const factorProps = (s: StageRows) =>
  Object.keys(s.schema.properties).filter((p) => s.schema.properties[p]['x-factor']);

/** The library factors among `ids` that carry an EPD, by id (one query). */
export async function epdFactors(ex: Executor, ids: number[]): Promise<Map<number, EpdFactorRow>> {
  if (!ids.length) return new Map();
  const t = sql.table(resourceDef('tpf3BuildMaterial').table);
  const { rows } = await sql<{ id: number; name: string; epd: EpdData | string }>`
    select id, name, epd from ${t} where epd is not null and id = any(${ids}::int[])`.execute(ex);
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { id: Number(r.id), name: r.name, epd: typeof r.epd === 'string' ? (JSON.parse(r.epd) as EpdData) : r.epd },
    ]),
  );
}

const epdName = (f: EpdFactorRow) =>
  `EPD 因子「${f.name}」${f.epd.registrationNo ? `（${f.epd.registrationNo}）` : ''}`;

/** D per the factor's unit, with the scenario taken when the EPD declares several (the first, named). */
function dOf(epd: EpdData): { perUnit: number; scenario: string | null } | null {
  const ds = epd.modules.filter((m) => m.module === 'D');
  if (!ds.length || !(Number(epd.declaredAmount) > 0)) return null;
  return {
    perUnit: ds[0].value / Number(epd.declaredAmount),
    scenario: ds.length > 1 ? (ds[0].scenario ?? null) : null,
  };
}

/**
 * Flags the rows and stages that use an expired EPD (on `result`, before it is stored) and answers module D. `today`
 * is an ISO date.
 */
export async function reviewEpds(
  ex: Executor,
  inputs: StageRows[],
  result: BuildingResult,
  today: string,
): Promise<ModuleD> {
  const ids = new Set<number>();
  for (const s of inputs)
    for (const p of factorProps(s)) for (const r of s.rows) if (typeof r[p] === 'number') ids.add(r[p]);
  const factors = await epdFactors(ex, [...ids]);
  if (!factors.size) return { value: null, notes: [] };

  for (const s of inputs) {
    const stage = result.stages.find((x) => x.code === s.schema['x-stage']?.code);
    const props = factorProps(s);
    if (!stage || !props.length) continue;
    const byId = new Map(stage.rows.map((r) => [r.id, r]));
    const expiredUse = new Map<number, number>();
    for (const row of s.rows)
      for (const p of props) {
        const f = factors.get(row[p] as number);
        const out = byId.get(row.id as number);
        if (!f || !out || !epdExpired(f.epd, today)) continue;
        const notice = `${epdName(f)}的有效期已于 ${f.epd.validUntil} 结束，请核实或更换因子`;
        out.trace = { ...(out.trace ?? { defaults: [] }), notices: [...(out.trace?.notices ?? []), notice] };
        expiredUse.set(f.id, (expiredUse.get(f.id) ?? 0) + 1);
      }
    for (const [id, n] of expiredUse) {
      const f = factors.get(id)!;
      stage.warnings.push(`${n} 行使用的${epdName(f)}有效期已于 ${f.epd.validUntil} 结束，请核实或更换因子`);
    }
  }

  // module D: the materials stage's rows, each at its quantity in the factor's unit
  const code = stageOfRole('materials');
  const input = inputs.find((s) => s.schema['x-stage']?.code === code);
  const stage = result.stages.find((s) => s.code === code);
  if (!input || !stage) return { value: null, notes: [] };
  const emissions = new Map(stage.rows.map((r) => [r.id, r.emission]));
  const uses: EpdRowUse[] = [];
  const notes = new Map<number, string>();
  for (const row of input.rows) {
    const f = factors.get(row.factorId as number);
    const d = f && dOf(f.epd);
    if (!f || !d) continue;
    uses.push({
      emission: emissions.get(row.id as number) ?? null,
      factorValue: Number(row.factorValue) || null,
      dPerUnit: d.perUnit,
    });
    notes.set(
      f.id,
      `${epdName(f)}：D ${shortNumber(d.perUnit)} kgCO2e/${f.epd.declaredUnit}${d.scenario ? `（取情景「${d.scenario}」）` : ''}`,
    );
  }
  return uses.length ? { value: moduleD(uses), notes: [...notes.values()] } : { value: null, notes: [] };
}
