// The factor library's stored search label (tpf3BuildMaterial.label): the row's Chinese label and
// category from src/calc/factorLabel.ts (`江苏省 2023 年电网平均排放因子 0.5827 kgCO2/kWh｜能源·电力`), so the
// pickers find a row by 电 / 电力 / 天然气 / its region with the list's one `like` filter. The label is
// x-readonly (never taken from a client body): it is written here after every create or update — an import goes
// through the same hook — and filled at start for rows written before it existed or by a path without hooks (the
// seed inserts), by fillFactorLabels, which rewrites only the labels that differ (idempotent).
import { sql } from 'kysely';
import { factorSearchText, type LabelledFactor } from '../../calc/factorLabel';
import type { Executor } from '../db/database';
import { registerHooks } from '../db/hooks';
import { resourceDef } from '../db/registry';

const RESOURCE = 'tpf3BuildMaterial';

/** The label a library record should carry. */
export const labelOf = (f: LabelledFactor): string => factorSearchText(f);

registerHooks(RESOURCE, {
  async afterWrite({ trx, def, record }) {
    const label = labelOf(record as LabelledFactor);
    if (record.label === label) return;
    await trx.updateTable(def.table).set({ label }).where('id', '=', record.id).execute();
    record.label = label; // the answer shows it
  },
});

interface LibraryRow {
  id: number | string;
  type: string | null;
  small_type: string | null;
  name: string | null;
  spec: string | null;
  unit: string | null;
  material_co: number | string | null;
  co_unit: string | null;
  source: string | null;
  label: string | null;
}

/** Every library row's label as labelOf says, in one statement; answers how many changed. Runs at each start. */
export async function fillFactorLabels(ex: Executor): Promise<number> {
  const table = resourceDef(RESOURCE).table;
  const rows = (await ex
    .selectFrom(table)
    .select(['id', 'type', 'small_type', 'name', 'spec', 'unit', 'material_co', 'co_unit', 'source', 'label'])
    .execute()) as LibraryRow[];
  const changed = rows
    .map((r) => ({
      id: Number(r.id),
      old: r.label,
      label: labelOf({
        type: r.type,
        smallType: r.small_type,
        name: r.name,
        spec: r.spec,
        unit: r.unit,
        materialCo: r.material_co,
        coUnit: r.co_unit,
        source: r.source,
      }),
    }))
    .filter((r) => r.label !== r.old);
  if (!changed.length) return 0;
  await sql`update ${sql.table(table)} as l set label = u.label
    from unnest(${changed.map((r) => r.id)}::int[], ${changed.map((r) => r.label)}::text[]) as u(id, label)
    where l.id = u.id`.execute(ex);
  return changed.length;
}
