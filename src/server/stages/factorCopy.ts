// Rows keep a copy of the factor they are calculated with (issue: "reference the factor library by id and keep
// a copy of the factor value, unit and source"). On every save of a record with a factor-library id (an x-factor
// property), the server copies the factor's value — in kgCO2e per row unit: a tCO2… factor is multiplied by
// 1000 — its unit and its source (with the verification mark when it is not verified) into <prefix>Value,
// <prefix>Unit and <prefix>Source, then the library fields the keyword names: `copy` always (a factor's energy),
// `fill` where the row leaves them empty (density, data-quality class: the user's own value wins). `uniform`:
// every row of the building must use factors agreeing on that library field (one planting scheme). Without an
// id, the user's own values stay.
import { sql } from 'kysely';
import type { FactorKeyword, ResourceSchema } from '../../../schemas/index';
import type { FactorRecord } from '../../../schemas/records';
import { BASELINE_REFUSED, factorSource, fillFromFactor, isBaseline, normalizedFactor } from '../../calc/factor';
import { isGiven } from '../../calc/formula';
import { cachesOf } from '../cache/caches';
import type { Tx } from '../db/database';
import { registerHooks, type SetProblems } from '../db/hooks';
import { columnName } from '../db/naming';
import { toRecord, type Row } from '../db/record';
import { invalid } from '../errors';
import { resourceDef, resources, type ResourceDef } from '../db/registry';

const factorProps = (s: ResourceSchema) => Object.entries(s.properties).filter(([, p]) => p['x-factor']);

for (const def of resources.filter((r) => factorProps(r.schema).length)) {
  registerHooks(def.name, {
    // runs after the repository checked that the factor ids are ones the caller may read (x-reference); one
    // lookup per distinct factor of the whole set (an import or batch copies the same few factors into thousands
    // of rows), through the factor cache
    async validateSet({ db, trx, bodies }) {
      const problems: SetProblems = new Map();
      const library = resourceDef('tpf3BuildMaterial');
      for (const [prop, p] of factorProps(def.schema)) {
        const keyword = p['x-factor']!;
        const { type, smallType, prefix = 'factor' } = keyword;
        const factors = new Map<
          number,
          { f: FactorRecord; apply: (body: Record<string, unknown>) => void } | undefined
        >();
        for (const id of new Set(bodies.map((b) => b[prop]).filter((v): v is number => typeof v === 'number'))) {
          const row = await cachesOf(db).factor.get(
            String(id),
            async () =>
              (await trx.selectFrom(library.table).selectAll().where('id', '=', id).executeTakeFirst()) as
                Row | undefined,
            trx,
          );
          const f = row && (toRecord(library.schema, row) as FactorRecord);
          factors.set(id, f && { f, apply: factorCopier(def.schema, keyword, f, prefix) });
        }
        const agreed = keyword.uniform ? await uniformValues(trx, def, prop, keyword.uniform.field, bodies) : undefined;
        for (const [i, body] of bodies.entries()) {
          const id = body[prop];
          if (typeof id !== 'number' || problems.has(i)) continue;
          const { f, apply } = factors.get(id) ?? {};
          let refused: string | undefined;
          if (!f || f.type !== type || (smallType && f.smallType !== smallType))
            refused = `请选择${smallType ?? type}类的因子`;
          else if (isBaseline(f)) refused = BASELINE_REFUSED;
          else {
            apply!(body);
            const other = agreed && agreed(body, f[keyword.uniform!.field] ?? null);
            if (other !== undefined) refused = `${keyword.uniform!.message}（已采用：${other ?? '未分类'}）`;
          }
          if (refused) problems.set(i, invalid([{ field: prop, errorMsg: refused }]));
        }
      }
      return problems;
    },
  });
}

/**
 * What every row on the factor `f` keeps of it, worked out once per factor of a set (an import copies the same few
 * factors into thousands of rows): the factor's value in kg per row unit, unit and source, the `copy` fields always,
 * the `fill` fields where the row leaves them empty.
 */
export function factorCopier(
  schema: ResourceSchema,
  keyword: FactorKeyword,
  f: FactorRecord,
  prefix: string,
): (body: Record<string, unknown>) => void {
  const has = (field: string) => field in schema.properties;
  const always: [string, unknown][] = [];
  if (has(`${prefix}Value`)) {
    const { value, unit } = normalizedFactor(f);
    always.push([`${prefix}Value`, value], [`${prefix}Unit`, unit], [`${prefix}Source`, factorSource(f)]);
  }
  for (const [field, from] of Object.entries(keyword.copy ?? {}))
    if (has(field) && isGiven(f[from])) always.push([field, f[from]]);
  const fills = keyword.fill ?? {};
  return (body) => {
    for (const [field, value] of always) body[field] = value;
    fillFromFactor(fills, has, f, body);
  };
}

export function copyFactor(
  schema: ResourceSchema,
  keyword: FactorKeyword,
  f: FactorRecord,
  body: Record<string, unknown>,
  prefix: string,
): void {
  factorCopier(schema, keyword, f, prefix)(body);
}

/**
 * `uniform`: a building's rows must use factors with the same value of the library field (a planting scheme).
 * Reads, in one query, the values the building's stored rows outside the set use; answers a check that takes
 * the set's bodies in order — each against those and the bodies before it, as if saved one by one — and answers
 * a value it disagrees with (undefined: it agrees).
 */
async function uniformValues(
  trx: Tx,
  def: ResourceDef,
  prop: string,
  field: string,
  bodies: Record<string, unknown>[],
) {
  const library = resourceDef('tpf3BuildMaterial');
  const projects = [...new Set(bodies.map((b) => b.projectId).filter((v): v is number => typeof v === 'number'))];
  const mine = bodies.map((b) => b.id).filter((v): v is number => typeof v === 'number');
  const stored = projects.length
    ? await sql<{ p: number; v: string | null }>`
        select distinct r.project_id as p, l.${sql.ref(columnName(field))} as v from ${sql.table(def.table)} r join ${sql.table(library.table)} l on l.id = r.${sql.ref(columnName(prop))}
        where r.project_id = any(${projects}::int[]) and r.id <> all(${mine}::int[])`.execute(trx)
    : { rows: [] };
  const used = new Map<number, (string | null)[]>();
  for (const r of stored.rows) used.set(Number(r.p), [...(used.get(Number(r.p)) ?? []), r.v]);
  return (body: Record<string, unknown>, value: unknown): string | null | undefined => {
    if (typeof body.projectId !== 'number') return undefined;
    const values = used.get(body.projectId) ?? [];
    const other = values.find((v) => v !== value);
    if (other !== undefined) return other;
    if (!values.length) used.set(body.projectId, [value as string | null]);
    return undefined;
  };
}
