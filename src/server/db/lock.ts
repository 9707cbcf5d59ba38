// Frozen records (x-resource.lock, schemas/types.ts): while a record's lock column holds anything but its open value,
// the database itself refuses to update or delete it and to insert, update or delete the rows it owns
// (ownedByProject) — whoever asks, through whatever route, job or import — so the rule lives in one place and no
// write path can forget it. Statement-level triggers read the statement's rows (transition tables) once, not once per
// row. A refusal is SQLSTATE TS403 with the resource's message, answered 403 (lockedError); the repository asks the
// same rule first (assertUnlocked) so a person hears of the lock before any check of what they typed. The code that
// moves the lock column itself (the review routes) passes the lock for the rest of its transaction (passLock).
import { sql } from 'kysely';
import type { ResourceSchema } from '../../../schemas/index';
import { ApiError } from '../errors';
import type { Executor, Tx } from './database';
import { resourceDef, type ResourceDef } from './registry';
import { columnName, tableName } from './naming';

export const LOCKED_SQLSTATE = 'TS403';
const BYPASS = 'tansuan.lock_bypass';

/** The rest of the caller's transaction writes past every lock (only for the code that changes lock columns). */
export async function passLock(trx: Tx): Promise<void> {
  await sql`select set_config(${BYPASS}, 'on', true)`.execute(trx);
}

/** A refusal of the lock triggers as the API answers it: 403 with its message; undefined for any other error. */
export function lockedError(err: unknown): ApiError | undefined {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === LOCKED_SQLSTATE ? new ApiError(403, 0, String(e.message)) : undefined;
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

/** The message as a SQL expression over the frozen record `r`: each {prop} its value, a dictionary field's label. */
function messageSql(schema: ResourceSchema, message: string): string {
  let expr = lit(message);
  for (const [, prop] of message.matchAll(/\{(\w+)\}/g)) {
    const p = schema.properties[prop];
    if (!p) throw new Error(`x-resource.lock message: no property ${prop}`);
    const value = `coalesce(r.${q(columnName(prop))}::text, '')`;
    const shown = p['x-dict']
      ? `coalesce((select i->>'label' from sys_dict d cross join jsonb_array_elements(d.items) i where d.dict_code = ${lit(p['x-dict'])} and i->>'value' = r.${q(columnName(prop))}::text limit 1), ${value})`
      : value;
    expr = `replace(${expr}, ${lit(`{${prop}}`)}, ${shown})`;
  }
  return expr;
}

const lockedOf = (table: string) => q(`tansuan_locked_${table}`);
const functionOf = (table: string) => q(`tansuan_lock_${table}`);
const ownedFunctionOf = (table: string) => q(`tansuan_lock_owned_${table}`);

/**
 * The lock of a resource with x-resource.lock: the rule itself — tansuan_locked_<table>(ids), the message of the
 * first frozen record among `ids`, else null — the triggers' two functions that apply it (its own records; the rows
 * it owns, by their project_id) and its own triggers. Run before the owned tables' triggers (ownedLockDdl).
 */
export function lockDdl(name: string, schema: ResourceSchema): string[] {
  const lock = schema['x-resource'].lock;
  if (!lock) return [];
  const t = tableName(name);
  const frozen = `coalesce(r.${q(columnName(lock.column))}::text, ${lit(lock.open)}) <> ${lit(lock.open)}`;
  // (each branch names only the transition tables its event has: a statement is planned when it first runs)
  const locked = (ids: string) => `m := ${lockedOf(t)}(array(${ids}));`;
  const trigger = (
    fn: string,
    find: string,
  ) => `create or replace function ${fn}() returns trigger language plpgsql as $$
      declare m text;
      begin
        if current_setting(${lit(BYPASS)}, true) = 'on' then return null; end if;
        ${find}
        if m is not null then raise exception using errcode = ${lit(LOCKED_SQLSTATE)}, message = m; end if;
        return null;
      end $$`;
  // (distinct: thousands of imported rows belong to one building)
  const owned = `if tg_op = 'INSERT' then ${locked('select distinct project_id from new_rows')}
        elsif tg_op = 'DELETE' then ${locked('select distinct project_id from old_rows')}
        else ${locked('select project_id from old_rows union select project_id from new_rows')}
        end if;`;
  return [
    `create or replace function ${lockedOf(t)}(ids integer[]) returns text language sql stable as $$
      select ${messageSql(schema, lock.message)} from ${q(t)} r where ${frozen} and r.id = any(ids) limit 1 $$`,
    trigger(functionOf(t), locked('select id from old_rows')),
    trigger(ownedFunctionOf(t), owned),
    `create or replace trigger tansuan_lock_upd after update on ${q(t)} referencing old table as old_rows for each statement execute function ${functionOf(t)}()`,
    `create or replace trigger tansuan_lock_del after delete on ${q(t)} referencing old table as old_rows for each statement execute function ${functionOf(t)}()`,
  ];
}

/**
 * Refused at once (403, the rule's message) when a write would touch a frozen record: `def`'s own records by id
 * (a locked resource) or, for rows a building owns, their buildings by project id — so a person hears of the lock
 * before any check of what they typed; the triggers refuse whatever gets past.
 */
export async function assertUnlocked(
  ex: Executor,
  def: ResourceDef,
  ids: { own?: unknown[]; projects?: unknown[] },
): Promise<void> {
  const owner = def.meta.lock ? def : def.meta.ownedByProject ? resourceDef('tpf3Project') : undefined;
  if (!owner?.meta.lock) return;
  const list = [...new Set((owner === def ? ids.own : ids.projects) ?? [])].filter(
    (v): v is number => typeof v === 'number',
  );
  if (!list.length) return;
  const { rows } = await sql<{
    m: string | null;
  }>`select ${sql.raw(lockedOf(owner.table))}(${list}::int[]) as m`.execute(ex);
  if (rows[0]?.m) throw new ApiError(403, 0, rows[0].m);
}

/** The triggers of a table whose rows belong to a locked resource's records (project_id → tpf3Project). */
export function ownedLockDdl(table: string, owner: string): string[] {
  const f = ownedFunctionOf(owner);
  return [
    `create or replace trigger tansuan_lock_ins after insert on ${q(table)} referencing new table as new_rows for each statement execute function ${f}()`,
    `create or replace trigger tansuan_lock_upd after update on ${q(table)} referencing old table as old_rows new table as new_rows for each statement execute function ${f}()`,
    `create or replace trigger tansuan_lock_del after delete on ${q(table)} referencing old table as old_rows for each statement execute function ${f}()`,
  ];
}
