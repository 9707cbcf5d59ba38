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
import { BASELINE_REFUSED, factorSource, isBaseline, normalizedFactor, type LibraryFactor } from '../../calc/factor';
import { isGiven } from '../../calc/formula';
import { cachesOf } from '../cache/caches';
import type { Tx } from '../db/database';
import { registerHooks } from '../db/hooks';
import { columnName } from '../db/naming';
import { toRecord, type Row } from '../db/record';
import { invalid } from '../errors';
import { resourceDef, resources, type ResourceDef } from '../registry';

const factorProps = (s: ResourceSchema) => Object.entries(s.properties).filter(([, p]) => p['x-factor']);

for (const def of resources.filter((r) => factorProps(r.schema).length)) {
  registerHooks(def.name, {
    // runs after the repository checked that the factor id is one the caller may read (x-reference)
    async validate({ db, trx, body }) {
      const library = resourceDef('tpf3BuildMaterial');
      for (const [prop, p] of factorProps(def.schema)) {
        const id = body[prop];
        if (typeof id !== 'number') continue;
        // (through the factor cache: an import copies the same few factors into thousands of rows)
        const row = await cachesOf(db).factor.get(String(id), async () => (await trx.selectFrom(library.table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined, trx);
        const f = row && (toRecord(library.schema, row) as LibraryFactor & Record<string, unknown>);
        const keyword = p['x-factor']!;
        const { type, smallType, prefix = 'factor' } = keyword;
        if (!f || f.type !== type || (smallType && f.smallType !== smallType)) throw invalid([{ field: prop, errorMsg: `请选择${smallType ?? type}类的因子` }]);
        if (isBaseline(f)) throw invalid([{ field: prop, errorMsg: BASELINE_REFUSED }]);
        copyFactor(def.schema, keyword, f, body, prefix);
        if (keyword.uniform) await assertUniform(trx, def, prop, keyword.uniform, f, body);
      }
    },
  });
}

export function copyFactor(schema: ResourceSchema, keyword: FactorKeyword, f: Record<string, unknown>, body: Record<string, unknown>, prefix: string): void {
  const has = (field: string) => field in schema.properties;
  if (has(`${prefix}Value`)) {
    const { value, unit } = normalizedFactor(f);
    body[`${prefix}Value`] = value;
    body[`${prefix}Unit`] = unit;
    body[`${prefix}Source`] = factorSource(f);
  }
  for (const [field, from] of Object.entries(keyword.copy ?? {})) if (has(field) && isGiven(f[from])) body[field] = f[from];
  const filled = new Set<string>();
  for (const [field, from] of Object.entries(keyword.fill ?? {})) {
    // a value's source (densitySource) comes only with the value itself, never beside the user's own value
    const of = field.endsWith('Source') ? field.slice(0, -'Source'.length) : undefined;
    if (of && of in (keyword.fill ?? {}) && !filled.has(of)) continue;
    if (has(field) && !isGiven(body[field]) && isGiven(f[from])) {
      body[field] = f[from];
      filled.add(field);
    }
  }
}

/** The building's other rows must use factors with the same value of `uniform.field` (a planting scheme). */
async function assertUniform(trx: Tx, def: ResourceDef, prop: string, uniform: NonNullable<FactorKeyword['uniform']>, f: Record<string, unknown>, body: Record<string, unknown>): Promise<void> {
  if (typeof body.projectId !== 'number') return;
  const library = resourceDef('tpf3BuildMaterial');
  const column = columnName(uniform.field);
  const others = await sql<{ v: string | null }>`
    select distinct l.${sql.ref(column)} as v from ${sql.table(def.table)} r join ${sql.table(library.table)} l on l.id = r.${sql.ref(columnName(prop))}
    where r.project_id = ${body.projectId} and r.id <> ${typeof body.id === 'number' ? body.id : 0}`.execute(trx);
  const mine = f[uniform.field] ?? null;
  const other = others.rows.find((r) => r.v !== mine);
  if (other) throw invalid([{ field: prop, errorMsg: `${uniform.message}（已采用：${other.v ?? '未分类'}）` }]);
}
