// The one generic repository over the registry's resource tables. Every call takes the caller; scoping and
// role checks come from scope.ts, so no route can forget them. Resource-specific rules (sysUser passwords,
// unique user names) plug in as hooks, registered by their domain folders (src/server/hooks.ts).
import { sql } from 'kysely';
import type { ResourceSchema, ResourceName } from '../../../schemas/index';
import type { ResourceRecord } from '../../../schemas/records';
import { ApiError, forbidden, notFound } from '../errors';
import { resourceDef, type ResourceDef } from './registry';
import { checkedRows, createMany, setProblems } from './createMany';
import type { Caller } from './caller';
import type { Db, Executor, Tx } from './database';
import { assertHooksRegistered, hooksOf, type RepoHooks, type WriteContext } from './hooks';
import { applyWhere, listPage, type ListParams } from './listQuery';
import { assertUnlocked } from './lock';
import { toColumns, toRecord, type ApiRecord, type Row } from './record';
import { assertRead, assertWrite, readScope, tenantForCreate, writeScope, type Where } from './scope';
import { selfUpdate } from './selfUpdate';

export type { Executor, Tx } from './database';
export { RowsInvalid } from './createMany';
export { escapeLike, fieldColumn, PAGE_SIZE_CAP, type ListFilter, type ListParams } from './listQuery';

/** The records of a resource named by a literal are typed from its schema; a name known only at run time: ApiRecord. */
export type RecordOf<N extends string> = N extends ResourceName ? ResourceRecord<N> : ApiRecord;

export class Repo<R extends ApiRecord = ApiRecord> {
  readonly def: ResourceDef;
  readonly schema: ResourceSchema;
  private readonly hooks: RepoHooks;

  constructor(
    private readonly db: Db,
    name: string,
  ) {
    this.def = resourceDef(name);
    this.schema = this.def.schema;
    assertHooksRegistered();
    this.hooks = hooksOf(name);
  }

  private get t() {
    return this.def.table;
  }

  /**
   * The rows the caller may read, as the resource's lists count them (its list condition applied): the one base of
   * every list and of every aggregate over the resource, so that a sum and a list scope alike.
   */
  readable(caller: Caller) {
    assertRead(this.def.meta, caller);
    return applyWhere(
      applyWhere(this.db.selectFrom(this.t), readScope(this.def.meta, caller)),
      this.hooks.listWhere?.(caller),
    );
  }

  /**
   * A page of the records the caller may read, their count, and the sums of the x-sum columns over every record of
   * the filter (a stage table's 合计 is the stage's, whatever page is shown).
   */
  async list(caller: Caller, p: ListParams): Promise<{ dataList: R[]; total: number; sums?: Record<string, number> }> {
    const { rows, ...counted } = await listPage(this.readable(caller), this.schema, caller, p);
    const dataList = await this.decorate(
      this.db,
      caller,
      rows.map((r) => toRecord(this.schema, r) as R),
    );
    return { dataList, ...counted };
  }

  async get(caller: Caller, id: number, ex: Executor = this.db): Promise<R> {
    const granted = this.hooks.canReadOne?.(caller, id) ?? false;
    if (!granted) assertRead(this.def.meta, caller);
    const row = await this.findRow(ex, id, granted ? null : readScope(this.def.meta, caller));
    if (!row) throw notFound();
    return (await this.decorate(ex, caller, [toRecord(this.schema, row) as R]))[0];
  }

  /** Records with their x-virtual figures filled in by the resource's decorate hook. */
  async decorate<T extends ApiRecord>(ex: Executor, caller: Caller, records: T[]): Promise<T[]> {
    if (records.length && this.hooks.decorate) await this.hooks.decorate({ ex, caller, records });
    return records;
  }

  /** A record any code path may need without a caller (auth, seeds). */
  async findRow(ex: Executor, id: number, scope: Where | null = null): Promise<Row | undefined> {
    return (await applyWhere(ex.selectFrom(this.t).selectAll().where('id', '=', id), scope).executeTakeFirst()) as
      Row | undefined;
  }

  async create(caller: Caller, body: Record<string, unknown>, trx?: Tx): Promise<R> {
    assertWrite(this.def.meta, caller);
    const run = async (trx: Tx) => {
      const ctx: WriteContext = { db: this.db, trx, caller, def: this.def, body };
      await this.check(trx, caller, body, 'create');
      const values = {
        ...toColumns(this.schema, body, false),
        tenant_id: tenantForCreate(this.def.meta, caller, body.tenantId),
        create_by: caller.userId || null,
      };
      const row = (await trx.insertInto(this.t).values(values).returningAll().executeTakeFirstOrThrow()) as Row;
      const record = toRecord(this.schema, row) as R;
      await this.hooks.afterWrite?.({ ...ctx, op: 'create', record });
      return (await this.decorate(trx, caller, [record]))[0];
    };
    return trx ? run(trx) : this.db.transaction().execute(run);
  }

  /** Full update: the body is the whole record (schema properties + id); absent properties become null. */
  async update(caller: Caller, body: Record<string, unknown> & { id: number }, outer?: Tx): Promise<R> {
    const self = this.def.meta.self && body.id === caller.userId ? this.def.meta.self : undefined;
    if (!self) assertWrite(this.def.meta, caller);
    if (this.def.meta.immutable) throw new ApiError(403, 0, this.def.meta.immutable);
    const run = async (trx: Tx) => {
      const existingRow = self ? await this.findRow(trx, body.id) : await this.writableRow(trx, caller, body.id);
      if (!existingRow) throw notFound();
      const existing = toRecord(this.schema, existingRow);
      if (self) body = selfUpdate(this.schema, self, existing, body);
      const ctx: WriteContext = { db: this.db, trx, caller, def: this.def, body, existing };
      await this.check(trx, caller, body, 'update', existing);
      const target = (await this.hooks.updateTarget?.(ctx)) ?? body.id;
      const row = (await trx
        .updateTable(this.t)
        .set({ ...toColumns(this.schema, body, true), update_date: sql`now()` })
        .where('id', '=', target)
        .returningAll()
        .executeTakeFirstOrThrow()) as Row;
      const record = toRecord(this.schema, row) as R;
      await this.hooks.afterWrite?.({ ...ctx, op: 'update', record });
      return (await this.decorate(trx, caller, [record]))[0];
    };
    return outer ? run(outer) : this.db.transaction().execute(run);
  }

  /** Many new records in the caller's transaction, set-based (createMany.ts); `stored`: x-readonly values by body. */
  async createMany(
    caller: Caller,
    bodies: Record<string, unknown>[],
    trx: Tx,
    onProgress?: (done: number) => void,
    stored?: Record<string, unknown>[],
  ): Promise<number> {
    const createOne = (body: Record<string, unknown>, t: Tx) => this.create(caller, body, t);
    return createMany({ db: this.db, def: this.def, hooks: this.hooks, createOne }, caller, bodies, trx, {
      onProgress,
      stored,
    });
  }

  /** The rows createMany would insert, every rule checked, nothing written (createMany.ts checkedRows). */
  prepareMany(
    caller: Caller,
    bodies: Record<string, unknown>[],
    trx: Tx,
    stored?: Record<string, unknown>[],
  ): Promise<Row[]> {
    return checkedRows({ db: this.db, def: this.def, hooks: this.hooks }, caller, bodies, trx, stored);
  }

  /** The rules of a create or update: the set of its one body (createMany.ts); its failure thrown as it is. */
  private async check(
    trx: Tx,
    caller: Caller,
    body: Record<string, unknown>,
    op: 'create' | 'update',
    existing?: ApiRecord,
  ): Promise<void> {
    const problems = await setProblems(
      { db: this.db, def: this.def, hooks: this.hooks },
      trx,
      caller,
      [body],
      op,
      existing,
    );
    if (problems.size) throw problems.get(0)!;
  }

  /** Throws unless the caller may change this record (404 outside the read scope, 403 when only readable). */
  async assertWritable(trx: Tx, caller: Caller, id: number): Promise<void> {
    assertWrite(this.def.meta, caller);
    await this.writableRow(trx, caller, id);
  }

  /** The row if the caller may write it: outside the read scope → 404; readable but not writable → 403. */
  private async writableRow(trx: Tx, caller: Caller, id: number): Promise<Row> {
    const row = await this.findRow(trx, id, readScope(this.def.meta, caller));
    if (!row) throw notFound();
    const ws = writeScope(this.def.meta, caller);
    if (ws && !(await this.findRow(trx, id, ws))) throw forbidden();
    await assertUnlocked(trx, this.def, { own: [row.id], projects: [row.project_id] });
    return row;
  }

  async remove(caller: Caller, id: number): Promise<void> {
    await this.removeMany(caller, [id]);
  }

  /** All or nothing: every id must exist in the caller's scope and be writable. Returns the count deleted. */
  async removeMany(caller: Caller, ids: number[]): Promise<number> {
    assertWrite(this.def.meta, caller);
    const unique = [...new Set(ids)];
    return this.db.transaction().execute(async (trx) => {
      const visible = await applyWhere(
        trx.selectFrom(this.t).select('id').where('id', 'in', unique),
        readScope(this.def.meta, caller),
      ).execute();
      if (visible.length !== unique.length) throw notFound();
      const ws = writeScope(this.def.meta, caller);
      if (ws) {
        const writable = await trx.selectFrom(this.t).select('id').where('id', 'in', unique).where(ws).execute();
        if (writable.length !== unique.length) throw forbidden();
      }
      return this.deleteIds(trx, caller, unique);
    });
  }

  /** deleteBatch: delete every row the caller may write (optionally narrowed, e.g. by projectId). */
  async clear(caller: Caller, where?: Where): Promise<number> {
    assertWrite(this.def.meta, caller);
    return this.db.transaction().execute(async (trx) => {
      let q = applyWhere(trx.selectFrom(this.t).select('id'), writeScope(this.def.meta, caller));
      q = applyWhere(q, where);
      const keep = this.hooks.clearKeep?.(caller);
      if (keep) q = q.where((eb) => eb.not(keep(eb)));
      const ids = (await q.execute()).map((r) => Number(r.id));
      return ids.length ? this.deleteIds(trx, caller, ids) : 0;
    });
  }

  /** The one delete path: hooks before and after, in the caller's transaction. */
  private async deleteIds(trx: Tx, caller: Caller, ids: number[]): Promise<number> {
    const projects = this.def.meta.ownedByProject
      ? (await trx.selectFrom(this.t).select('project_id').distinct().where('id', 'in', ids).execute()).map(
          (r) => r.project_id,
        )
      : [];
    await assertUnlocked(trx, this.def, { own: ids, projects });
    await this.hooks.beforeDelete?.({ db: this.db, trx, caller, ids });
    const res = await trx.deleteFrom(this.t).where('id', 'in', ids).executeTakeFirst();
    await this.hooks.afterDelete?.({ db: this.db, trx, caller, ids });
    return Number(res.numDeletedRows);
  }
}

/** The repository of a resource: `repo(db, 'tpf3Project')` answers records typed from the building's schema. */
export function repo<N extends string>(db: Db, name: N): Repo<RecordOf<N>> {
  return new Repo<RecordOf<N>>(db, name);
}
