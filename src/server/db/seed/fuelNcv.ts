// A library fuel's own net calorific value (./data/fuel_ncv.csv): coke, anthracite, lignite and briquettes differ by
// half, so each carries its own with its source and mark — copied into the rows that use it — instead of one
// value for all coal. And what a library density is per: t per the factor's own unit, the unit it was given for;
// and a brick's size, which its name gives.
// A database seeded before both gets them once (marker): only empty columns of the library are filled.
import { sql } from 'kysely';
import { resourceDef } from '../registry';
import type { Tx } from '../database';
import { readSeedCsv } from './dataFiles';

export const NCV_FILE = 'fuel_ncv.csv';
export const LIBRARY_UNITS_MARKER = 'seed_v6_density_unit_ncv';

export interface FuelNcv {
  ncv: number;
  ncvUnit: string;
  /** the publication and the mark of a value not checked against it */
  ncvSource: string;
}

const MARK_TEXT: Record<string, string> = { V: '', M: '（回忆值，待核实）', D: '（推导值）' };
let table: Map<string, FuelNcv> | undefined;

/** The calorific value of a library fuel by its name; every row of the file checked when first read. */
export function fuelNcv(name: string): FuelNcv | undefined {
  table ??= new Map(
    readSeedCsv(NCV_FILE).map((r) => {
      const fuel = (r.fuel ?? '').trim();
      const ncv = Number(r.ncv);
      const mark = (r.verification ?? '').trim();
      const source = (r.source ?? '').trim();
      if (
        !(ncv > 0 && ncv < 100) ||
        !['MJ/kg', 'MJ/m3'].includes((r.ncv_unit ?? '').trim()) ||
        !(mark in MARK_TEXT) ||
        !source
      ) {
        throw new Error(`seed data ${NCV_FILE} ${fuel}: a value in MJ/kg or MJ/m3, a source and a mark V, M or D`);
      }
      return [fuel, { ncv, ncvUnit: (r.ncv_unit ?? '').trim(), ncvSource: `${source}${MARK_TEXT[mark]}` }];
    }),
  );
  return table.get(name);
}

export async function upgradeLibraryUnits(trx: Tx): Promise<void> {
  if (await trx.selectFrom('schema_migrations').select('id').where('id', '=', LIBRARY_UNITS_MARKER).executeTakeFirst())
    return;
  const lib = sql.table(resourceDef('tpf3BuildMaterial').table);
  // a density stored before had no unit of its own and meant t per the factor's unit (a per-mass factor's
  // density says nothing about its own unit, and is left for the row's to decide)
  await sql`update ${lib} set density_unit = 't/' || unit
    where density is not null and coalesce(density_unit, '') = '' and unit not in ('t', 'kg', '吨', '千克')`.execute(
    trx,
  );
  // a brick's size as its name gives it (页岩实心砖（240mm×115mm×53mm）): a row in 千块 converts by it
  await sql`update ${lib} set piece_size = replace(substring(name from '[0-9]+mm×[0-9]+mm×[0-9]+mm'), 'mm', '')
    where tenant_id is null and type = '建材' and coalesce(piece_size, '') = '' and name ~ '[0-9]+mm×[0-9]+mm×[0-9]+mm'`.execute(
    trx,
  );
  const fuels = readSeedCsv(NCV_FILE).map((r) => (r.fuel ?? '').trim());
  const rows = fuels.map((name) => ({ name, ...fuelNcv(name)! }));
  await sql`update ${lib} as l set ncv = u.ncv, ncv_unit = u.ncv_unit, ncv_source = u.ncv_source
    from unnest(${rows.map((r) => r.name)}::text[], ${rows.map((r) => r.ncv)}::float8[], ${rows.map((r) => r.ncvUnit)}::text[], ${rows.map((r) => r.ncvSource)}::text[])
      as u(name, ncv, ncv_unit, ncv_source)
    where l.tenant_id is null and l.type = '能源' and l.name = u.name and l.ncv is null`.execute(trx);
  await trx.insertInto('schema_migrations').values({ id: LIBRARY_UNITS_MARKER }).execute();
}
