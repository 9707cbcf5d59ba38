// What each seed factor of the library carries beyond its number, and the step that brings it to databases seeded
// before:
// - density (t per the factor's unit) with its source and mark, for every App. D material counted in m³ or m²
//   (./data/material_density.csv); t and kg rows need none (the calculation counts t × 1 and kg ÷ 1000), a
//   material no published value supports is marked U with no number and its reason in remarks;
// - default transport distance from the material's category (GB/T 51366-2019 第6.3.2条): concrete (App. D group
//   混凝土) 40 km, every other material 500 km — mortar (砂浆) is not concrete: 500 km, nor is 混凝土砖, a brick;
// - energy of an energy factor: the grid rows are electricity, fuels by name (coal kinds → coal), 自来水 water;
// - data-quality class (mapping in qualityOf below).
// This module imports no runtime value from ./factors (which merges these details into the seed rows): the
// upgrade is handed the seed rows by seed.ts.
import { sql } from 'kysely';
import type { DataQuality, EnergyKind } from '../../../../schemas/factors/kinds';
import { resourceDef } from '../registry';
import type { Tx } from '../database';
import type { SeedFactor, Verification } from './factors';
import { fuelNcv } from './fuelNcv';

export const DENSITY_FILE = 'material_density.csv';
/** Units whose quantity is a mass already. */
export const MASS_UNITS = new Set(['t', 'kg']);
export const DISTANCE_SOURCE = 'GB/T 51366-2019 第6.3.2条';
/** The clause's two default distances, km: concrete, and every other material. */
export const CONCRETE_KM = 40;
export const OTHER_KM = 500;
/** schema_migrations marker of the upgrade below: it runs once per database. */
export const DETAILS_MARKER = 'seed_v2_factor_details';

export interface DensityEntry {
  unit: string;
  density: number | null;
  source: string;
  verification: Verification;
  notes: string;
}

export interface FactorDetails {
  density?: number | null;
  /** what the density is per: t per the factor's unit (t/m3, t/m2) */
  densityUnit?: string;
  /** a piece's size its name gives (240mm×115mm×53mm → 240×115×53) */
  pieceSize?: string;
  densitySource?: string;
  densityVerification?: Verification;
  defaultDistance?: number;
  energy?: EnergyKind;
  /** a fuel's own calorific value (./fuelNcv) */
  ncv?: number;
  ncvUnit?: string;
  ncvSource?: string;
  quality: DataQuality;
}

type CsvRow = Record<string, string | undefined>;
const MARKS: readonly string[] = ['V', 'V2', 'M', 'D', 'U'];

/** material_density.csv by name_zh; a row must either be U without a number or carry a number and a source. */
export function densityTable(rows: CsvRow[]): Map<string, DensityEntry> {
  const out = new Map<string, DensityEntry>();
  for (const r of rows) {
    const name = (r.name_zh ?? '').trim();
    const verification = (r.verification ?? '').trim();
    const raw = (r.density_t_per_unit ?? '').trim();
    const density = raw === '' ? null : Number(raw);
    const source = (r.source ?? '').trim();
    const notes = (r.notes ?? '').trim();
    const where = `${DENSITY_FILE} ${name}`;
    if (!MARKS.includes(verification)) throw new Error(`${where}: unknown mark ${JSON.stringify(verification)}`);
    if (out.has(name)) throw new Error(`${where}: listed twice`);
    if (verification === 'U' ? density !== null || !notes : !(density !== null && density > 0 && source)) {
      throw new Error(`${where}: a U row has no number and says why; any other row has a positive number and a source`);
    }
    out.set(name, { unit: (r.unit ?? '').trim(), density, source, verification: verification as Verification, notes });
  }
  return out;
}

/**
 * Data-quality class of a seed factor: the standard's appendices (GB/T 51366 A fuels, D materials, E transport)
 * → standard; published official tables (the grid factors of 生态环境部/国家统计局 and NDRC, IPCC GWPs, the
 * Taiwan code's Gi table) and the materials beyond App. D (a published database: ICE v3.0, the IStructE table) →
 * database; a value derived from a case (the ÷40 planting scheme) or a tool's default outside the appendix
 * (市政热力) → estimate.
 */
export function qualityOf(f: SeedFactor): DataQuality {
  if (f.source.startsWith('GB/T 51366-2019 附录')) return 'standard';
  if (f.type === '建材') return 'database';
  if (f.type === '能源' && f.smallType === '电力') return 'database';
  if (f.type === '制冷剂') return 'database';
  if (f.type === '碳汇' && f.smallType === 'TW_2020s_Gi_table1') return 'database';
  return 'estimate';
}

// Fuels by name; 煤油 (kerosene) and 石油焦 (petroleum coke) are oil products, not coal → other.
const FUELS: [RegExp, EnergyKind][] = [
  [/^天然气/, 'naturalGas'],
  [/^柴油/, 'diesel'],
  [/^汽油/, 'gasoline'],
  [/^液化石油气/, 'lpg'],
  [/^市政热力/, 'heat'],
  [/煤$|^焦炭$/, 'coal'],
  [/^自来水$/, 'water'],
];

export function energyOf(f: SeedFactor): EnergyKind | undefined {
  if (f.type !== '能源') return undefined;
  if (f.smallType === '电力') return 'electricity';
  return FUELS.find(([re]) => re.test(f.name))?.[1] ?? 'other';
}

/** By the library's category, not the name: only App. D's group 混凝土 is concrete (mortar, 混凝土砖 and precast
 * elements — a factory product — are other materials). */
export function defaultDistanceOf(f: SeedFactor): number | undefined {
  if (f.type !== '建材') return undefined;
  return f.smallType === '混凝土' ? CONCRETE_KM : OTHER_KM;
}

/** The details of one seed factor, and the note to add to its remarks (a U density's reason). */
export function detailsOf(
  f: SeedFactor,
  densities: Map<string, DensityEntry>,
): { details: FactorDetails; remarksNote: string } {
  // a row that states its own class (cn_materials.csv: a number derived from the standard is an estimate) keeps it
  const details: FactorDetails = { quality: f.quality ?? qualityOf(f) };
  const distance = defaultDistanceOf(f);
  if (distance !== undefined) details.defaultDistance = distance;
  const energy = energyOf(f);
  if (energy) details.energy = energy;
  const ncv = f.type === '能源' ? fuelNcv(f.name) : undefined;
  if (ncv) Object.assign(details, ncv);
  let remarksNote = '';
  const size = f.type === '建材' ? /(\d+)mm×(\d+)mm×(\d+)mm/.exec(f.name) : null;
  if (size) details.pieceSize = size.slice(1).join('×');
  if (f.type === '建材' && !MASS_UNITS.has(f.unit)) {
    const d = densities.get(f.name);
    if (!d) throw new Error(`${DENSITY_FILE}: no row for ${f.name} (${f.unit})`);
    if (d.unit !== f.unit) throw new Error(`${DENSITY_FILE} ${f.name}: unit ${d.unit}, the material is in ${f.unit}`);
    details.density = d.density;
    if (d.density !== null) details.densityUnit = `t/${f.unit}`;
    details.densityVerification = d.verification;
    // densitySource is copied into a stage row with the density, so a U row leaves it empty (a user's own
    // density would otherwise carry the library's "no value" text); its reason goes to remarks instead.
    if (d.density !== null) details.densitySource = d.source;
    else remarksNote = `密度暂无可靠数值（U）：${d.notes}`;
  }
  return { details, remarksNote };
}

/** A seed row as first seeded (before these details) and as seeded now. */
export interface FactorUpgrade {
  base: SeedFactor;
  full: SeedFactor;
}

/**
 * Fills the details on the SYSTEM library rows (tenant_id null) of a database seeded before them, matched by
 * (type, name, spec, unit), in one statement. Only empty columns are filled — a value an admin set stays — and
 * a U density's reason is added to remarks only where the remarks are still the seed's. Once per database
 * (marker): after it, an admin who clears a value keeps it cleared. Changing the data later needs a new marker.
 */
export async function upgradeFactorDetails(trx: Tx, load: () => FactorUpgrade[]): Promise<number> {
  if (await trx.selectFrom('schema_migrations').select('id').where('id', '=', DETAILS_MARKER).executeTakeFirst())
    return 0;
  const rows = load();
  const col = <T>(pick: (u: FactorUpgrade) => T | undefined) => rows.map((u) => pick(u) ?? null);
  const lib = sql.table(resourceDef('tpf3BuildMaterial').table);
  const result = await sql`update ${lib} as l set
      density = coalesce(l.density, u.density),
      density_source = coalesce(l.density_source, u.density_source),
      density_verification = coalesce(l.density_verification, u.density_verification),
      default_distance = coalesce(l.default_distance, u.default_distance),
      energy = coalesce(l.energy, u.energy),
      quality = coalesce(l.quality, u.quality),
      remarks = case when u.remarks <> u.base_remarks and coalesce(l.remarks, '') = u.base_remarks then u.remarks else l.remarks end
    from unnest(
      ${col((u) => u.full.type)}::text[], ${col((u) => u.full.name)}::text[], ${col((u) => u.full.spec)}::text[],
      ${col((u) => u.full.unit)}::text[], ${col((u) => u.full.density)}::float8[], ${col((u) => u.full.densitySource)}::text[],
      ${col((u) => u.full.densityVerification)}::text[], ${col((u) => u.full.defaultDistance)}::float8[],
      ${col((u) => u.full.energy)}::text[], ${col((u) => u.full.quality)}::text[],
      ${col((u) => u.base.remarks)}::text[], ${col((u) => u.full.remarks)}::text[]
    ) as u(type, name, spec, unit, density, density_source, density_verification, default_distance, energy, quality, base_remarks, remarks)
    where l.tenant_id is null and l.type = u.type and l.name = u.name and coalesce(l.spec, '') = u.spec and l.unit = u.unit`.execute(
    trx,
  );
  await trx.insertInto('schema_migrations').values({ id: DETAILS_MARKER }).execute();
  return Number(result.numAffectedRows ?? 0);
}
