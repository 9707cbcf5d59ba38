// Rows keep a copy of the factor they are calculated with (issue: "reference the factor library by id and keep
// a copy of the factor value, unit and source"). On every save of a record with a factor-library id (an x-factor
// property), the server copies the factor's value — in kgCO2e per row unit: a tCO2… factor is multiplied by
// 1000 — its unit and its source (with the verification mark when it is not verified) into <prefix>Value,
// <prefix>Unit and <prefix>Source (prefix 'factor' unless the keyword names another). Without an id, the
// user's own value stays.
import type { ResourceSchema } from '../../../schemas/index';
import { BASELINE_REFUSED, factorSource, isBaseline, normalizedFactor, type LibraryFactor } from '../../calc/factor';
import { cachesOf } from '../cache/caches';
import { registerHooks } from '../db/hooks';
import { toRecord, type Row } from '../db/record';
import { invalid } from '../errors';
import { resourceDef, resources } from '../registry';

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
        const { type, smallType, prefix = 'factor' } = p['x-factor']!;
        if (!f || f.type !== type || (smallType && f.smallType !== smallType)) throw invalid([{ field: prop, errorMsg: `请选择${smallType ?? type}类的因子` }]);
        if (isBaseline(f)) throw invalid([{ field: prop, errorMsg: BASELINE_REFUSED }]);
        const { value, unit } = normalizedFactor(f);
        body[`${prefix}Value`] = value;
        body[`${prefix}Unit`] = unit;
        body[`${prefix}Source`] = factorSource(f);
      }
    },
  });
}
