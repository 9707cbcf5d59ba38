// Rows keep a copy of the factor they are calculated with (issue: "reference the factor library by id and keep
// a copy of the factor value, unit and source"). On every save of a row with a factor-library id, the server
// copies the factor's value — in kgCO2e per row unit: a tCO2… factor is multiplied by 1000 — its unit and its
// source (with the verification mark when it is not verified) into the row. Without an id, the user's own
// value stays.
import type { ResourceSchema } from '../../../schemas/index';
import { registerHooks } from '../db/hooks';
import { toRecord, type Row } from '../db/record';
import { invalid } from '../errors';
import { resourceDef, resources } from '../registry';

const MARKS: Record<string, string> = { M: '回忆值，待核实', D: '推导值', U: '来源未知' };

export function normalizedFactor(f: Record<string, unknown>): { value: number | null; unit: string } {
  const raw = f.materialCo == null ? null : Number(f.materialCo);
  const unit = String(f.coUnit ?? '');
  if (raw !== null && /^tCO2/.test(unit)) return { value: raw * 1000, unit: `kg${unit.slice(1)}` };
  return { value: raw, unit };
}

const factorProps = (s: ResourceSchema) => Object.entries(s.properties).filter(([, p]) => p['x-factor']);

for (const def of resources.filter((r) => factorProps(r.schema).length)) {
  registerHooks(def.name, {
    // runs after the repository checked that the factor id is one the caller may read (x-reference)
    async validate({ trx, body }) {
      const library = resourceDef('tpf3BuildMaterial');
      for (const [prop, p] of factorProps(def.schema)) {
        const id = body[prop];
        if (typeof id !== 'number') continue;
        const row = (await trx.selectFrom(library.table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
        const f = row && toRecord(library.schema, row);
        const want = p['x-factor']!.type;
        if (!f || f.type !== want) throw invalid([{ field: prop, errorMsg: `请选择${want}类的因子` }]);
        const { value, unit } = normalizedFactor(f);
        const mark = MARKS[String(f.verification)];
        body.factorValue = value;
        body.factorUnit = unit;
        body.factorSource = `${String(f.source ?? '')}${mark ? `（${mark}）` : ''}`.slice(0, 200);
      }
    },
  });
}
