// Where a building uses library factors: every x-factor property of the stage tables (rows with projectId) and
// of the building itself (its grid factor). Read from the schemas, so a stage added later is covered.
import { sql, type RawBuilder } from 'kysely';
import type { FactorKeyword } from '../../../schemas/index';
import { columnName } from '../db/naming';
import { resources, type ResourceDef } from '../db/registry';

export const BUILDING = 'tpf3Project';

export interface FactorUse {
  def: ResourceDef;
  prop: string;
  column: string;
  keyword: FactorKeyword;
  /** the stage code, or 'building' for the building's own factor */
  code: string;
  /** 建材生产 / 单体信息 … */
  title: string;
  /** the column naming the building: project_id, or id on the building table */
  projectColumn: string;
}

let cached: FactorUse[] | undefined;

export function factorUses(): FactorUse[] {
  cached ??= resources.flatMap((def) => {
    const isBuilding = def.name === BUILDING;
    if (!isBuilding && !('projectId' in def.schema.properties)) return [];
    return Object.entries(def.schema.properties)
      .filter(([, p]) => p['x-factor'])
      .map(([prop, p]) => ({
        def,
        prop,
        column: columnName(prop),
        keyword: p['x-factor']!,
        code: isBuilding ? 'building' : (def.schema['x-stage']?.code ?? def.name),
        title: isBuilding ? '单体信息' : (def.schema['x-stage']?.title ?? def.meta.title),
        projectColumn: isBuilding ? 'id' : columnName('projectId'),
      }));
  });
  return cached;
}

/**
 * `select project_id, factor_id, code` over every use where the factor id satisfies `factorCond` (SQL on the
 * alias `f`, the referenced factor id) — one UNION ALL statement for all tables.
 */
export function usesSql(
  factorCond: (f: RawBuilder<unknown>) => RawBuilder<unknown>,
  projectCond?: (p: RawBuilder<unknown>) => RawBuilder<unknown>,
): RawBuilder<unknown> {
  const parts = factorUses().map((u) => {
    const f = sql.ref(`r.${u.column}`) as unknown as RawBuilder<unknown>;
    const p = sql.ref(`r.${u.projectColumn}`) as unknown as RawBuilder<unknown>;
    return sql`select ${p} as project_id, ${f} as factor_id, ${u.code}::text as code, ${u.prop}::text as prop from ${sql.table(u.def.table)} r
      where ${f} is not null and ${factorCond(f)}${projectCond ? sql` and ${projectCond(p)}` : sql``}`;
  });
  return sql.join(parts, sql` union all `);
}
