// The audit trail: every change of an audited record (x-resource.audit: a building) and of the rows it
// owns (ownedByProject: stage rows, extended data) and of its variants is recorded by the database itself — whoever
// writes, through whatever route, job or import — in tpf3_audit: who (the request's user, db/actor.ts), when, what
// (the table and row) and before → after of the fields a person sets. Statement-level triggers read the statement's
// rows once (transition tables): an update records each changed row's changed fields; an insert or delete of a few
// rows records each row, of many (an import, a copy) one line with the count. Work the calculation does (emissions,
// results) sets no audited column, so it fires nothing.
import type { ResourceSchema } from '../../../schemas/index';
import { resources } from './registry';
import { columnName, tableName } from './naming';
import { storedColumns } from './resourceColumns';

export const AUDIT_TABLE = 'tpf3_audit';
/** Up to this many rows of one building in one statement are recorded one by one; more as one line with the count. */
export const AUDIT_EACH = 20;
/** The action of a building's one entry for the data it was seeded with (its rows are not each a person's change). */
export const SEED_ACTION = 'seed';
/** The session setting db/actor.ts keeps at the user the connection works for. */
export const ACTOR_SETTING = 'tansuan.actor';

const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The columns whose changes are recorded: what a person sets (not x-readonly), and the owner's `also`. */
export function auditedColumns(schema: ResourceSchema, also: readonly string[] = []): string[] {
  return storedColumns(schema)
    .filter((c) => !c.readonly || also.includes(c.prop))
    .map((c) => c.column);
}

interface Audited {
  table: string;
  /** the building the row belongs to: its own id for the building table */
  project: string;
  columns: string[];
}

/** The audited tables: the building, every table it owns, its variants (their name and flags, not their snapshot). */
export function auditedTables(): Audited[] {
  const owner = resources.find((r) => r.schema['x-resource'].audit);
  if (!owner) return [];
  const also = owner.schema['x-resource'].audit!.also ?? [];
  return [
    { table: owner.table, project: 'id', columns: auditedColumns(owner.schema, also) },
    ...resources
      .filter((r) => r.meta.ownedByProject)
      .map((r) => ({
        table: tableName(r.name),
        project: 'project_id',
        columns: auditedColumns(r.schema).filter((c) => c !== columnName('projectId')),
      })),
    {
      table: 'tpf3_variant',
      project: 'project_id',
      columns: ['name', 'origin', 'is_baseline', 'is_current', 'row_count'],
    },
  ];
}

/** The function and triggers that record the changes of one audited table. */
function tableDdl({ table, project, columns }: Audited): string[] {
  const fn = q(`tansuan_audit_${table}`);
  const updateFn = q(`tansuan_audit_upd_${table}`);
  // (a function takes at most 100 arguments: the columns in pieces of 40 pairs)
  const pieces = Array.from({ length: Math.ceil(columns.length / 40) }, (_, i) => columns.slice(i * 40, i * 40 + 40));
  const obj = (r: string) =>
    pieces.map((cs) => `jsonb_build_object(${cs.map((c) => `${lit(c)}, ${r}.${q(c)}`).join(', ')})`).join(' || ');
  const actor = `nullif(current_setting(${lit(ACTOR_SETTING)}, true), '')::int`;
  const into = `insert into ${AUDIT_TABLE} (tenant_id, project_id, resource, row_id, action, rows, user_id, before, after)`;
  // inserted or deleted rows (`rows`, `side` before|after): each, when few for their building; else one line per
  // building. (Each row's count of its building by a window, not by joining the counts back: a transition table has
  // no statistics, the planner took the join for a nested loop, and 8 000 new buildings took 8.6 s — 2 000, 0.65 s.)
  const added = (rows: string, action: string, side: 'before' | 'after') => `
      ${into}
      select r.tenant_id, r.${project}, ${lit(table)}, r.id, ${lit(action)}, 1, ${actor}, ${side === 'before' ? `jsonb_strip_nulls(${obj('r')})` : 'null'}, ${side === 'after' ? `jsonb_strip_nulls(${obj('r')})` : 'null'}
      from (select x.*, count(*) over (partition by x.${project}) as tansuan_n from ${rows} x) r where r.tansuan_n <= ${AUDIT_EACH};
      ${into}
      select max(r.tenant_id), r.${project}, ${lit(table)}, null, ${lit(action)}, count(*), ${actor}, null, null
      from ${rows} r group by r.${project} having count(*) > ${AUDIT_EACH};`;
  return [
    `create or replace function ${fn}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${added('new_rows', 'insert', 'after')}
        else ${added('old_rows', 'delete', 'before')}
        end if;
        return null;
      end $$`,
    // an update row by row (a statement trigger cannot name its columns): the fields that changed, before and after
    `create or replace function ${updateFn}() returns trigger language plpgsql as $$
      declare b jsonb; a jsonb;
      begin
        select jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, n.value) into b, a
        from jsonb_each(${obj('old')}) o join jsonb_each(${obj('new')}) n on n.key = o.key
        where n.value is distinct from o.value;
        if b is not null then
          ${into} values (new.tenant_id, new.${project}, ${lit(table)}, new.id, 'update', 1, ${actor}, b, a);
        end if;
        return null;
      end $$`,
    `create or replace trigger tansuan_audit_ins after insert on ${q(table)} referencing new table as new_rows for each statement execute function ${fn}()`,
    // (only an update that sets an audited column: the calculation's emissions and results fire nothing)
    `create or replace trigger tansuan_audit_upd after update of ${columns.map(q).join(', ')} on ${q(table)} for each row execute function ${updateFn}()`,
    `create or replace trigger tansuan_audit_del after delete on ${q(table)} referencing old table as old_rows for each statement execute function ${fn}()`,
  ];
}

/** Every audited table's function and triggers (run after the tables exist; tpf3_audit is migration 015). */
export function auditStatements(): string[] {
  return auditedTables().flatMap(tableDdl);
}
