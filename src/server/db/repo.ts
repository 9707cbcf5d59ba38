// The one generic repository over the registry's resource tables. Every call takes the caller; scoping and
// role checks come from scope.ts, so no route can forget them. Resource-specific rules (sysUser passwords,
// unique user names) plug in as hooks, registered by their domain folders (src/server/hooks.ts).
import { sql } from 'kysely';
import type { ResourceSchema } from '../../../schemas/index';
import { ApiError, badRequest, forbidden, MESSAGES, notFound } from '../errors';
import { resourceDef, type ResourceDef } from './registry';
import { checkedRows, createMany, setProblems } from './createMany';
import type { Caller } from './caller';
import type { Db, Executor, Tx } from './database';
import { assertHooksRegistered, hooksOf, type RepoHooks, type WriteContext } from './hooks';
import { assertUnlocked } from './lock';
import { columnName, SYSTEM_COLUMNS } from './naming';
import { storedColumns } from './resourceColumns';
import { toColumns, toRecord, type ApiRecord, type Row } from './record';
import { assertRead, assertWrite, readScope, tenantForCreate, writeScope, type Where } from './scope';

export type { Executor, Tx } from './database';
export { RowsInvalid } from './createMany';

/** The most records one list answer holds: a page may not be larger, and "all" (-1) past it is refused. */
export const PAGE_SIZE_CAP = 5000;

/** Past its cap an "all" list is refused, never cut short: a sum over the first 5 000 would look whole. */
const tooManyRecords = (total: number, cap: number) =>
  badRequest(`结果共 ${total} 条，超过单次上限 ${cap} 条，请缩小筛选范围或分页查看`);

export interface ListFilter {
  field: string;
  op: 'eq' | 'like' | 'gte' | 'lte' | 'mine';
  value: unknown;
}

export interface ListParams {
  pageNum: number;
  /** -1 = every record of the filter, refused past `allCap`. */
  pageSize: number;
  /** The most records -1 may answer (PAGE_SIZE_CAP unless an internal caller such as an export needs more). */
  allCap?: number;
  sortField: string;
  sortOrder: 'ascend' | 'descend';
  filters: ListFilter[];
  /** Extra condition from a resource-specific route. */
  where?: Where;
}

/** API field name → column, for system fields and schema properties. */
export function fieldColumn(field: string): string {
  return (SYSTEM_COLUMNS as Record<string, string>)[field] ?? columnName(field);
}

export function escapeLike(v: string): string {
  return v.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function applyWhere<Q extends { where: (w: Where) => Q }>(q: Q, w: Where | null | undefined): Q {
  return w ? q.where(w) : q;
}

export class Repo {
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

  /** The x-sum properties, whose sums a list answers. */
  private get summed(): string[] {
    return Object.entries(this.schema.properties).flatMap(([f, p]) => (p['x-sum'] ? [f] : []));
  }

  /** The columns a list answers: all but the x-detail ones, which only a single record's answer holds. */
  private get listColumns(): string[] {
    return [
      ...Object.values(SYSTEM_COLUMNS),
      ...storedColumns(this.schema)
        .filter((c) => !this.schema.properties[c.prop]['x-detail'])
        .map((c) => c.column),
    ];
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
  async list(
    caller: Caller,
    p: ListParams,
  ): Promise<{ dataList: ApiRecord[]; total: number; sums?: Record<string, number> }> {
    let base = applyWhere(this.readable(caller), p.where);
    for (const f of p.filters) {
      const col = fieldColumn(f.field);
      if (f.op === 'mine') base = f.value === true ? base.where(col, '=', caller.userId) : base;
      else if (f.op === 'like') base = base.where(col, 'ilike', `%${escapeLike(String(f.value))}%`);
      else base = base.where(col, f.op === 'eq' ? '=' : f.op === 'gte' ? '>=' : '<=', f.value);
    }
    const all = p.pageSize === -1;
    const cap = p.allCap ?? PAGE_SIZE_CAP;
    const size = all ? cap : p.pageSize;
    const pageNum = all ? 1 : p.pageNum;
    const dir = p.sortOrder === 'ascend' ? 'asc' : 'desc';
    const summed = this.summed;
    const page = () =>
      base
        .select(this.listColumns)
        .orderBy(fieldColumn(p.sortField), dir)
        .orderBy('id', dir)
        .limit(size)
        .offset((pageNum - 1) * size)
        .execute() as Promise<Row[]>;
    const sums = summed.map((f) => sql<number>`coalesce(sum(${sql.ref(columnName(f))}), 0)::float8`.as(f));
    const count = () =>
      base.select([sql<number>`count(*)::int`.as('total'), ...sums]).executeTakeFirstOrThrow() as Promise<
        Record<string, number>
      >;
    let rows: Row[], counted: Record<string, number>;
    if (all) {
      // counted first: "all" past the cap is refused before its rows are read
      counted = await count();
      if (Number(counted.total) > cap) throw tooManyRecords(Number(counted.total), cap);
      rows = await page();
    } else {
      // the page and its count at once: on PostgreSQL two connections of the pool, one round trip instead of two
      [rows, counted] = await Promise.all([page(), count()]);
    }
    const dataList = await this.decorate(
      this.db,
      caller,
      rows.map((r) => toRecord(this.schema, r)),
    );
    return {
      dataList,
      total: Number(counted.total),
      ...(summed.length ? { sums: Object.fromEntries(summed.map((f) => [f, Number(counted[f])])) } : {}),
    };
  }

  async get(caller: Caller, id: number, ex: Executor = this.db): Promise<ApiRecord> {
    const granted = this.hooks.canReadOne?.(caller, id) ?? false;
    if (!granted) assertRead(this.def.meta, caller);
    const row = await this.findRow(ex, id, granted ? null : readScope(this.def.meta, caller));
    if (!row) throw notFound();
    return (await this.decorate(ex, caller, [toRecord(this.schema, row)]))[0];
  }

  /** Records with their x-virtual figures filled in by the resource's decorate hook. */
  async decorate(ex: Executor, caller: Caller, records: ApiRecord[]): Promise<ApiRecord[]> {
    if (records.length && this.hooks.decorate) await this.hooks.decorate({ ex, caller, records });
    return records;
  }

  /** A record any code path may need without a caller (auth, seeds). */
  async findRow(ex: Executor, id: number, scope: Where | null = null): Promise<Row | undefined> {
    return (await applyWhere(ex.selectFrom(this.t).selectAll().where('id', '=', id), scope).executeTakeFirst()) as
      Row | undefined;
  }

  async create(caller: Caller, body: Record<string, unknown>, trx?: Tx): Promise<ApiRecord> {
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
      const record = toRecord(this.schema, row);
      await this.hooks.afterWrite?.({ ...ctx, op: 'create', record });
      return (await this.decorate(trx, caller, [record]))[0];
    };
    return trx ? run(trx) : this.db.transaction().execute(run);
  }

  /** Full update: the body is the whole record (schema properties + id); absent properties become null. */
  async update(caller: Caller, body: Record<string, unknown> & { id: number }, outer?: Tx): Promise<ApiRecord> {
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
      const record = toRecord(this.schema, row);
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

/**
 * The body of an update of one's own record (x-resource.self): the allowed fields from the request, every other
 * field as stored. A request that tries to change another field is refused, naming it.
 */
function selfUpdate(
  schema: ResourceSchema,
  allowed: readonly string[],
  existing: ApiRecord,
  body: Record<string, unknown> & { id: number },
) {
  const errors: { field: string; errorMsg: string }[] = [];
  for (const [k, v] of Object.entries(body)) {
    if (k === 'id' || allowed.includes(k) || !(k in schema.properties) || v === undefined) continue;
    const p = schema.properties[k];
    if (p.writeOnly ? v !== '' && v !== null : JSON.stringify(v ?? null) !== JSON.stringify(existing[k] ?? null)) {
      errors.push({ field: k, errorMsg: `${p.title ?? k}不能在账号设置中修改` });
    }
  }
  if (errors.length) throw new ApiError(403, 2, MESSAGES.forbidden, errors);
  const merged: Record<string, unknown> & { id: number } = { id: existing.id };
  for (const k of Object.keys(schema.properties))
    if (!schema.properties[k].writeOnly) merged[k] = allowed.includes(k) && k in body ? body[k] : existing[k];
  return merged;
}

export function repo(db: Db, name: string): Repo {
  return new Repo(db, name);
}
