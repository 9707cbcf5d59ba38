// Moving a building's rows (and its grid factor) from old factor versions to the current ones, copying the new
// version as a save would (stages/factorCopy.ts): <prefix>Value/Unit/Source always, the keyword's `copy` fields
// when the version has them, its `fill` fields where the row's value is empty or still the old version's (it was
// filled from the library then; a value the user typed stays). One UPDATE per table, factor column and old
// version, never one per row. Nothing is recalculated here: recalc.ts does that.
import { sql, type RawBuilder } from 'kysely';
import type { FactorRecord } from '../../../schemas/records';
import { BASELINE_REFUSED, factorSource, isBaseline, normalizedFactor } from '../../calc/factor';
import { isGiven } from '../../calc/formula';
import type { Tx } from '../db/database';
import { columnName } from '../db/naming';
import { storedColumns, type ColumnKind } from '../db/resourceColumns';
import { factorUses, type FactorUse } from './factorUse';
import type { FactorUpdate } from './outdated';

const CAST: Record<ColumnKind, string> = {
  text: 'text',
  'double precision': 'double precision',
  integer: 'integer',
  boolean: 'boolean',
  jsonb: 'jsonb',
};

/** Why a use cannot take the new version (its type no longer fits the row), or null. */
function refusal(use: FactorUse, current: FactorRecord): string | null {
  const { type, smallType } = use.keyword;
  if (current.type !== type || (smallType && current.smallType !== smallType))
    return `因子「${current.name}」的新版本不再是${smallType ?? type}类，${use.title}中使用它的数据请重新选择因子`;
  if (isBaseline(current)) return `因子「${current.name}」的新版本：${BASELINE_REFUSED}`;
  return null;
}

function setClause(use: FactorUse, old: FactorRecord, current: FactorRecord): Record<string, unknown> {
  const props = use.def.schema.properties;
  const kinds = new Map(storedColumns(use.def.schema).map((c) => [c.prop, c.kind]));
  const lit = (field: string, v: unknown): RawBuilder<unknown> =>
    sql`${v}::${sql.raw(CAST[kinds.get(field) ?? 'text'])}`;
  const set: Record<string, unknown> = { [use.column]: current.id };
  const prefix = use.keyword.prefix ?? 'factor';
  if (`${prefix}Value` in props) {
    const { value, unit } = normalizedFactor(current);
    set[columnName(`${prefix}Value`)] = value;
    set[columnName(`${prefix}Unit`)] = unit;
    set[columnName(`${prefix}Source`)] = factorSource(current);
  }
  for (const [field, from] of Object.entries(use.keyword.copy ?? {})) {
    if (field in props && isGiven(current[from])) set[columnName(field)] = current[from];
  }
  for (const [field, from] of Object.entries(use.keyword.fill ?? {})) {
    if (!(field in props) || !isGiven(current[from])) continue;
    const col = sql.ref(columnName(field));
    const empty = kinds.get(field) === 'text' ? sql`coalesce(${col}, '') = ''` : sql`${col} is null`;
    const wasOld = isGiven(old[from]) ? sql` or ${col} = ${lit(field, old[from])}` : sql``;
    set[columnName(field)] = sql`case when ${empty}${wasOld} then ${lit(field, current[from])} else ${col} end`;
  }
  return set;
}

/** Moves every use the updates list; answers the messages of the uses left on their old version. */
export async function moveToCurrent(trx: Tx, projectId: number, updates: FactorUpdate[]): Promise<string[]> {
  const left: string[] = [];
  for (const u of updates) {
    if (!u.current) {
      left.push(`因子「${u.old.name}」没有当前版本，保持原值`);
      continue;
    }
    for (const place of u.uses) {
      const use = factorUses().find((x) => x.code === place.code && x.prop === place.prop);
      if (!use) continue;
      const why = refusal(use, u.current);
      if (why) {
        left.push(why);
        continue;
      }
      await trx
        .updateTable(use.def.table)
        .set(setClause(use, u.old, u.current))
        .where(use.projectColumn, '=', projectId)
        .where(use.column, '=', u.old.id)
        .execute();
    }
  }
  return left;
}
