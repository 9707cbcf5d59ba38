// Many new records of one resource in few statements (DESIGN §10, set-based writes): the write path of the imports,
// the wizard's batch save and the BIM import. The checks run over the whole set — one query per reference
// property, the resource's rules once (validateSet: a lookup for all rows, not one per row) — then one multi-row
// insert per BULK_BATCH rows (bulkInsert.ts). setProblems is also the check of a single create or update.
import { sql } from 'kysely';
import type { ResourceSchema } from '../../../schemas/index';
import type { FieldError } from '../../../schemas/validation';
import { ApiError, invalid, MESSAGES } from '../errors';
import { resourceDef, type ResourceDef } from '../registry';
import { bulkInsert } from './bulkInsert';
import type { Caller } from './caller';
import type { Db, Tx } from './database';
import { isFieldErrors, type RepoHooks, type SetProblems } from './hooks';
import { recordColumns, toColumns, type ApiRecord } from './record';
import { storedColumns } from './resourceColumns';
import { assertWrite, readScope, tenantForCreate } from './scope';

/** Bodies of a createMany that break a rule, by their index in the list (an import names them by row). */
export class RowsInvalid extends ApiError {
  readonly rows: Map<number, FieldError[]>;

  constructor(problems: SetProblems) {
    const rows = new Map([...problems].map(([i, err]) => [i, err.data as FieldError[]]));
    super(400, 2, MESSAGES.formInvalid, [...rows.values()].flat());
    this.rows = rows;
  }

  /** The failing body that comes first in the list, and its errors. */
  first(): { index: number; errors: FieldError[] } {
    const index = Math.min(...this.rows.keys());
    return { index, errors: this.rows.get(index)! };
  }
}

/** The bodies whose references point outside the caller's read scope, by index: one query per property. */
async function referenceProblems(trx: Tx, caller: Caller, schema: ResourceSchema, bodies: Record<string, unknown>[]): Promise<SetProblems> {
  const problems = new Map<number, FieldError[]>();
  for (const [prop, p] of Object.entries(schema.properties)) {
    const ref = p['x-reference'];
    if (!ref) continue;
    const ids = [...new Set(bodies.map((b) => b[prop]).filter((v): v is number => typeof v === 'number'))];
    if (!ids.length) continue;
    const target = resourceDef(ref.resource);
    const scope = readScope(target.meta, caller);
    const q = trx.selectFrom(target.table).select('id').where('id', '=', sql<number>`any(${ids}::int[])`);
    const found = new Set((await (scope ? q.where(scope) : q).execute()).map((r) => Number(r.id)));
    bodies.forEach((b, i) => {
      const v = b[prop];
      if (typeof v === 'number' && !found.has(v)) problems.set(i, [...(problems.get(i) ?? []), { field: prop, errorMsg: `${p.title ?? prop}不存在` }]);
    });
  }
  return new Map([...problems].map(([i, errors]) => [i, invalid(errors)]));
}

export interface WriteCheck {
  db: Db;
  def: ResourceDef;
  hooks: RepoHooks;
}

/**
 * Every rule of a write over its bodies — references, then the resource's rules on the bodies that passed —
 * answering the failing bodies' errors by index (nothing written). A create or update is a set of one.
 */
export async function setProblems(w: WriteCheck, trx: Tx, caller: Caller, bodies: Record<string, unknown>[], op: 'create' | 'update', existing?: ApiRecord): Promise<SetProblems> {
  const problems = await referenceProblems(trx, caller, w.def.schema, bodies);
  if (w.hooks.validateSet) {
    const open = bodies.flatMap((_, i) => (problems.has(i) ? [] : [i]));
    const found = await w.hooks.validateSet({ db: w.db, trx, caller, def: w.def, bodies: open.map((i) => bodies[i]), op, existing });
    for (const [k, err] of found) problems.set(open[k], err);
  }
  return problems;
}

export interface ManyOptions {
  /** the count inserted so far, after each statement */
  onProgress?: (done: number) => void;
  /** x-readonly values the server sets, by body (never taken from a client body): e.g. a BIM row's source */
  stored?: Record<string, unknown>[];
}

/**
 * Many new records in the caller's transaction. Every failing body is reported (RowsInvalid by index), none is
 * written. A resource with afterWrite rules, which need each stored record, gets one insert per record.
 */
export async function createMany(
  w: WriteCheck & { createOne: (body: Record<string, unknown>, trx: Tx) => Promise<ApiRecord> },
  caller: Caller,
  bodies: Record<string, unknown>[],
  trx: Tx,
  opts: ManyOptions = {},
): Promise<number> {
  assertWrite(w.def.meta, caller);
  const schema = w.def.schema;
  const problems = await setProblems(w, trx, caller, bodies, 'create');
  if (problems.size) throw new RowsInvalid(problems);
  if (w.hooks.afterWrite) {
    for (const [i, body] of bodies.entries()) {
      let record: ApiRecord;
      try {
        record = await w.createOne(body, trx);
      } catch (err) {
        throw isFieldErrors(err) ? new RowsInvalid(new Map([[i, err]])) : err;
      }
      if (opts.stored) await trx.updateTable(w.def.table).set(recordColumns(schema, opts.stored[i])).where('id', '=', record.id).execute();
      opts.onProgress?.(i + 1);
    }
    return bodies.length;
  }
  const rows = bodies.map((body, i) => ({
    ...toColumns(schema, body, false),
    ...(opts.stored ? recordColumns(schema, opts.stored[i]) : {}),
    tenant_id: tenantForCreate(w.def.meta, caller, body.tenantId),
    create_by: caller.userId || null,
  }));
  const columns = [{ column: 'tenant_id', kind: 'integer' as const }, { column: 'create_by', kind: 'integer' as const }, ...storedColumns(schema)];
  return bulkInsert(trx, w.def.table, columns, rows, opts.onProgress);
}
