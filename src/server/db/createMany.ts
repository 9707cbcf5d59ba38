// Many new records of one resource in few statements (set-based writes): the write path of the imports,
// the wizard's batch save and the BIM import. The checks run over the whole set — one query per reference
// property, the resource's rules once (validateSet: a lookup for all rows, not one per row) — then one multi-row
// insert per BULK_BATCH rows (bulkInsert.ts). setProblems is also the check of a single create or update.
import { sql } from 'kysely';
import type { ResourceSchema } from '../../../schemas/index';
import type { FieldError } from '../../../schemas/validation';
import { ApiError, invalid, MESSAGES } from '../errors';
import { resourceDef, type ResourceDef } from './registry';
import { bulkInsert } from './bulkInsert';
import type { Caller } from './caller';
import type { Db, Tx } from './database';
import { isFieldErrors, type RepoHooks, type SetProblems } from './hooks';
import { assertUnlocked } from './lock';
import { recordColumns, toColumns, type ApiRecord, type Row } from './record';
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
async function referenceProblems(
  trx: Tx,
  caller: Caller,
  schema: ResourceSchema,
  bodies: Record<string, unknown>[],
): Promise<SetProblems> {
  const problems = new Map<number, FieldError[]>();
  for (const [prop, p] of Object.entries(schema.properties)) {
    const ref = p['x-reference'];
    if (!ref) continue;
    const ids = [...new Set(bodies.map((b) => b[prop]).filter((v): v is number => typeof v === 'number'))];
    if (!ids.length) continue;
    const target = resourceDef(ref.resource);
    const scope = readScope(target.meta, caller);
    const q = trx
      .selectFrom(target.table)
      .select('id')
      .where('id', '=', sql<number>`any(${ids}::int[])`);
    const found = new Set((await (scope ? q.where(scope) : q).execute()).map((r) => Number(r.id)));
    bodies.forEach((b, i) => {
      const v = b[prop];
      if (typeof v === 'number' && !found.has(v))
        problems.set(i, [...(problems.get(i) ?? []), { field: prop, errorMsg: `${p.title ?? prop}不存在` }]);
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
export async function setProblems(
  w: WriteCheck,
  trx: Tx,
  caller: Caller,
  bodies: Record<string, unknown>[],
  op: 'create' | 'update',
  existing?: ApiRecord,
): Promise<SetProblems> {
  // (a frozen building refuses before anything typed is checked: the row's building, and the one it would move to)
  await assertUnlocked(trx, w.def, {
    own: existing ? [existing.id] : [],
    projects: [...bodies.map((b) => b.projectId), existing?.projectId],
  });
  const problems = await referenceProblems(trx, caller, w.def.schema, bodies);
  if (w.hooks.validateSet) {
    const open = bodies.flatMap((_, i) => (problems.has(i) ? [] : [i]));
    const found = await w.hooks.validateSet({
      db: w.db,
      trx,
      caller,
      def: w.def,
      bodies: open.map((i) => bodies[i]),
      op,
      existing,
    });
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
 * The rows a createMany inserts — every rule checked over the set (failing bodies: RowsInvalid by index), each body
 * as its columns with its tenant and creator — nothing written yet: a caller may complete them (a stage row's
 * emission, calculated before the insert) and insert them with insertRows.
 */
export async function checkedRows(
  w: WriteCheck,
  caller: Caller,
  bodies: Record<string, unknown>[],
  trx: Tx,
  stored?: Record<string, unknown>[],
): Promise<Row[]> {
  assertWrite(w.def.meta, caller);
  if (w.hooks.afterWrite) throw new Error(`${w.def.name}: records with afterWrite rules are created one by one`);
  const problems = await setProblems(w, trx, caller, bodies, 'create');
  if (problems.size) throw new RowsInvalid(problems);
  const schema = w.def.schema;
  // (each row built in place, not spread together: a set has thousands of rows of some 30 columns)
  return bodies.map((body, i) => {
    const row = toColumns(schema, body, false);
    if (stored) Object.assign(row, recordColumns(schema, stored[i]));
    row.tenant_id = tenantForCreate(w.def.meta, caller, body.tenantId);
    row.create_by = caller.userId || null;
    return row;
  });
}

/**
 * Rows as checkedRows makes them, in few statements (bulkInsert.ts); with their ids when they were given ones (newIds).
 */
export function insertRows(
  trx: Tx,
  def: ResourceDef,
  rows: Row[],
  onProgress?: (done: number) => void,
): Promise<number> {
  const id = rows.length && rows[0].id !== undefined ? [{ column: 'id', kind: 'integer' as const }] : [];
  // (a resource's columns have no default: one null in every row is left out — a stage row fills some 15 of its 40)
  const given = storedColumns(def.schema).filter((c) => rows.some((r) => r[c.column] != null));
  const columns = [
    ...id,
    { column: 'tenant_id', kind: 'integer' as const },
    { column: 'create_by', kind: 'integer' as const },
    ...given,
  ];
  return bulkInsert(trx, def.table, columns, rows, onProgress);
}

const sequences = new Map<string, string>();

/**
 * Ids for `n` rows of each table, taken from their identity sequences in ONE statement, and the transaction's time
 * (what the rows' create_date and update_date default to): rows that get their figures before they are inserted
 * (calculate.ts) are complete records already. (Each sequence is named once: nextval of a name computed per row is
 * 7× slower.)
 */
export async function newIds(trx: Tx, wanted: { table: string; n: number }[]): Promise<{ ids: number[][]; at: Date }> {
  for (const { table } of wanted) {
    if (sequences.has(table)) continue;
    sequences.set(
      table,
      (await sql<{ seq: string }>`select pg_get_serial_sequence(${table}, 'id') as seq`.execute(trx)).rows[0].seq,
    );
  }
  const arrays = wanted.map(
    ({ table, n }, i) =>
      sql`array(select nextval(${sequences.get(table)}::regclass)::int from generate_series(1, ${n})) as ${sql.ref(`ids${i}`)}`,
  );
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join([...arrays, sql`now() as at`])}`.execute(trx);
  return { ids: wanted.map((_, i) => rows[0][`ids${i}`] as number[]), at: rows[0].at as Date };
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
  if (!w.hooks.afterWrite)
    return insertRows(trx, w.def, await checkedRows(w, caller, bodies, trx, opts.stored), opts.onProgress);
  assertWrite(w.def.meta, caller);
  const problems = await setProblems(w, trx, caller, bodies, 'create');
  if (problems.size) throw new RowsInvalid(problems);
  for (const [i, body] of bodies.entries()) {
    let record: ApiRecord;
    try {
      record = await w.createOne(body, trx);
    } catch (err) {
      throw isFieldErrors(err) ? new RowsInvalid(new Map([[i, err]])) : err;
    }
    if (opts.stored)
      await trx
        .updateTable(w.def.table)
        .set(recordColumns(w.def.schema, opts.stored[i]))
        .where('id', '=', record.id)
        .execute();
    opts.onProgress?.(i + 1);
  }
  return bodies.length;
}
