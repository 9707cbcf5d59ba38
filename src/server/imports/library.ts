// The factor-library rows an import may map to: 建材 rows (or 能源 rows for a budget file's energy) the
// caller may read, current versions only (the same scope and version rule as the stage pickers), keyed by id.
import { sql } from 'kysely';
import { factorLabel, type LabelledFactor } from '../../calc/factorLabel';
import type { Caller } from '../db/caller';
import type { Executor } from '../db/database';
import { hooksOf } from '../db/hooks';
import { toRecord } from '../db/record';
import { readScope } from '../db/scope';
import { resourceDef } from '../db/registry';
import { bulkDensityFor } from './match/bulkDensity';
import { normalizeUnit, parseUnit } from '../../calc/unitParse';
import type { Density } from './units';

export interface LibraryMaterial {
  id: number;
  name: string;
  spec: string | null;
  unit: string;
  group: string | null;
  factorValue: number | null;
  coUnit: string | null;
  label: string;
  /** t per unit (the transport stage's mass) */
  density: number | null;
  /** t/m³ for a per-mass factor given only a volume (bulk density table) */
  bulk: Density | null;
  /** an energy factor's energy (schemas/factors/kinds.ts) */
  energy: string | null;
  /** 数据来源 (the matcher proposes a Chinese source before a foreign one of the same family) */
  source: string | null;
}

/**
 * The library density as the imports read it: t per the factor's own unit (what the library keeps for its seeded
 * rows). A factor per mass that gives a density per m3 (an EPD's gross density) has it as its bulk density, before
 * the kind's table; a density per any other unit bridges nothing here.
 */
function densities(r: Record<string, unknown>, m: { name: string; group: string | null }) {
  const value = r.density == null ? null : Number(r.density);
  const per = normalizeUnit(r.densityUnit);
  const unit = parseUnit(r.unit);
  const perMass = !!unit && unit.dims.M === 1 && Object.keys(unit.dims).length === 1;
  if (value !== null && perMass && per === 't/m3')
    return { density: null, bulk: { value, source: String(r.densitySource || '因子库密度') } };
  const own = value !== null && (!per || per === `t/${normalizeUnit(r.unit)}`);
  return { density: own ? value : null, bulk: bulkDensityFor(m) };
}

export const MATERIAL_TYPE = '建材';
export const ENERGY_TYPE = '能源';

export async function libraryMaterials(
  ex: Executor,
  caller: Caller,
  ids?: number[],
  type = MATERIAL_TYPE,
): Promise<Map<number, LibraryMaterial>> {
  const def = resourceDef('tpf3BuildMaterial');
  let q = ex.selectFrom(def.table).selectAll().where('type', '=', type);
  const scope = readScope(def.meta, caller);
  if (scope) q = q.where(scope);
  const current = hooksOf(def.name).listWhere;
  if (current) q = q.where(current(caller));
  if (ids) q = q.where('id', '=', sql<number>`any(${ids}::int[])`);
  const out = new Map<number, LibraryMaterial>();
  for (const row of await q.orderBy('id').execute()) {
    const r = toRecord(def.schema, row);
    const m = { name: String(r.name), group: (r.smallType as string) || null };
    out.set(Number(r.id), {
      id: Number(r.id),
      ...m,
      spec: (r.spec as string) || null,
      unit: String(r.unit),
      factorValue: r.materialCo == null ? null : Number(r.materialCo),
      coUnit: (r.coUnit as string) || null,
      label: factorLabel(r as LabelledFactor),
      ...densities(r, m),
      energy: (r.energy as string) || null,
      source: (r.source as string) || null,
    });
  }
  return out;
}
