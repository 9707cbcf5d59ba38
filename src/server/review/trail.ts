// A building's audit trail in words (recorded by the database, db/audit.ts): each change with who and
// when, what it was on (单体信息, a stage's row by its name, a variant) and its fields before → after, by their titles
// and labels — the timeline of the review page, filterable by stage, and the appendix of the frozen report.
import type { ResourceSchema } from '../../../schemas/index';
import type { AuditAnswer, AuditEntry } from '../../../schemas/review';
import { factorTitle } from '../../calc/factorLabel';
import { valueLabels } from '../cache/dicts';
import type { Db } from '../db/database';
import { AUDIT_TABLE } from '../db/audit';
import { columnName } from '../db/naming';
import { storedColumns } from '../db/resourceColumns';
import { userNames } from '../notify/send';
import { resourceDef, resources } from '../db/registry';

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
const MAX_TEXT = 200;

interface Area {
  value: string;
  label: string;
  schema?: ResourceSchema;
}

/** The audited tables by table name: the building, each stage (by its code), extended data, variants. */
function areas(): Map<string, Area> {
  const out = new Map<string, Area>();
  const building = resourceDef('tpf3Project');
  out.set(building.table, { value: 'building', label: '单体信息', schema: building.schema });
  for (const r of resources.filter((x) => x.meta.ownedByProject)) {
    const stage = r.schema['x-stage'];
    out.set(r.table, { value: stage?.code ?? r.name, label: stage?.title ?? r.meta.title, schema: r.schema });
  }
  out.set('tpf3_variant', { value: 'variant', label: '方案' });
  return out;
}

const VARIANT_FIELDS: Record<string, string> = {
  name: '方案名称',
  origin: '来源',
  is_baseline: '基准方案',
  is_current: '当前方案',
  row_count: '数据行数',
};

/** A stored value as people read it: a label, 是/否, a short JSON, '—' for nothing. */
function plain(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? '是' : '否';
  const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/** How a column's values read: its title, and the dictionary, the names of the records it points to, or the stages. */
interface Field {
  title: string;
  labels?: Record<string, string>;
  /** ids of another table (x-reference, a library factor) or of users (collaborators, signers): shown by name */
  names?: { table: string; column: string };
  /** several ids or codes in one text ('12;15', 'produce,trans') */
  list?: string;
}

const STAGE_TITLES = Object.fromEntries(
  resources.flatMap((r) => (r.schema['x-stage'] ? [[r.schema['x-stage'].code, r.schema['x-stage'].title]] : [])),
);

async function fieldsOf(db: Db, area: Area): Promise<Map<string, Field>> {
  const out = new Map<string, Field>();
  if (!area.schema) {
    for (const [c, title] of Object.entries(VARIANT_FIELDS)) out.set(c, { title });
    return out;
  }
  const owner = area.schema['x-resource'].owner;
  const people = new Set([owner?.collaborators, ...(owner?.readers ?? [])].filter(Boolean));
  for (const [prop, p] of Object.entries(area.schema.properties)) {
    const f: Field = { title: p.title ?? prop };
    f.labels = await valueLabels(db, p);
    const ref = p['x-reference'] ?? (p['x-factor'] ? { resource: 'tpf3BuildMaterial', label: 'name' } : undefined);
    if (ref) f.names = { table: resourceDef(ref.resource).table, column: columnName(ref.label ?? 'name') };
    if (people.has(prop)) f.names = { table: 'sys_user', column: 'name' };
    if (prop === owner?.collaborators) f.list = ';';
    if (prop === 'menus') Object.assign(f, { labels: STAGE_TITLES, list: ',' });
    out.set(columnName(prop), f);
  }
  return out;
}

/**
 * Each (table, column) → id → name, for the ids the changes hold. A library factor is named by its title with its
 * version: a row moved from one version of a factor to the next changes its factor id, and both read the same title.
 */
async function namesOf(db: Db, wanted: Map<string, Set<number>>): Promise<Map<string, Map<number, string>>> {
  const out = new Map<string, Map<number, string>>();
  const library = resourceDef('tpf3BuildMaterial').table;
  for (const [key, ids] of wanted) {
    const [table, column] = key.split('|');
    if (!ids.size) {
      out.set(key, new Map());
      continue;
    }
    if (table === library) {
      // a factor by its whole title: a grid factor's name alone is its province (江苏), the title says 江苏省 2023 年电网平均排放因子
      const found = await db
        .selectFrom(table)
        .select(['id', 'name', 'spec', 'type', 'small_type', 'source', 'version'])
        .where('id', 'in', [...ids])
        .execute();
      const title = (r: Row) =>
        factorTitle({
          name: r.name as string,
          spec: r.spec as string,
          type: r.type as string,
          smallType: r.small_type as string,
          source: r.source as string,
        });
      out.set(
        key,
        new Map(
          found.map((r) => [Number(r.id), `${title(r)}${r.version != null ? `（第 ${String(r.version)} 版）` : ''}`]),
        ),
      );
      continue;
    }
    const found = await db
      .selectFrom(table)
      .select(['id', `${column} as label`])
      .where('id', 'in', [...ids])
      .execute();
    out.set(key, new Map(found.map((r) => [Number(r.id), String(r.label ?? '')])));
  }
  return out;
}

const parts = (v: unknown, f: Field) => (f.list && typeof v === 'string' ? v.split(f.list).filter(Boolean) : [v]);

const NAME_COLUMNS = ['material_name', 'name'];

/** The row's name: a material's or an item's, as the change recorded it or as the row is now; else its number. */
function rowName(r: Row, now: Map<string, string>): string {
  const v = { ...((r.before ?? {}) as Row), ...((r.after ?? {}) as Row) };
  const name = NAME_COLUMNS.map((c) => v[c]).find((x) => x) ?? now.get(`${r.resource}:${r.row_id}`);
  return name ? `「${String(name)}」` : r.row_id ? ` #${r.row_id}` : '';
}

/** The current names of the rows the changes name by id only (an update records the changed fields alone). */
async function currentNames(db: Db, rows: Row[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const byTable = new Map<string, number[]>();
  for (const r of rows)
    if (r.row_id != null)
      byTable.set(String(r.resource), [...(byTable.get(String(r.resource)) ?? []), Number(r.row_id)]);
  for (const [table, ids] of byTable) {
    const def = table === 'tpf3_variant' ? undefined : resources.find((x) => x.table === table);
    const column = def ? NAME_COLUMNS.find((c) => storedColumns(def.schema).some((s) => s.column === c)) : 'name';
    if (!column) continue;
    const found = await db
      .selectFrom(table)
      .select(['id', `${column} as label`])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    for (const f of found) if (f.label) out.set(`${table}:${f.id}`, String(f.label));
  }
  return out;
}

/** The trail of building `projectId` (the caller may read it: asked by the route first), newest first. */
export async function auditTrail(
  db: Db,
  projectId: number,
  opts: { area?: string; pageNo?: number; pageSize?: number } = {},
): Promise<AuditAnswer> {
  const all = areas();
  const tables = opts.area ? [...all].filter(([, a]) => a.value === opts.area).map(([t]) => t) : [];
  if (opts.area && !tables.length) return { entries: [], total: 0, areas: [] };
  const pageSize = opts.pageSize ?? 50;
  let q = db.selectFrom(AUDIT_TABLE).where('project_id', '=', projectId);
  if (tables.length) q = q.where('resource', 'in', tables);
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = (await q
    .selectAll()
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset(((opts.pageNo ?? 1) - 1) * pageSize)
    .execute()) as Row[];
  const present = await db
    .selectFrom(AUDIT_TABLE)
    .select('resource')
    .distinct()
    .where('project_id', '=', projectId)
    .execute();
  return {
    entries: await entries(db, rows, all),
    total: Number(n),
    areas: [...all]
      .filter(([t]) => present.some((p) => p.resource === t))
      .map(([, a]) => ({ value: a.value, label: a.label })),
  };
}

async function entries(db: Db, rows: Row[], all: Map<string, Area>): Promise<AuditEntry[]> {
  const names = await userNames(
    db,
    rows.flatMap((r) => (r.user_id == null ? [] : [Number(r.user_id)])),
  );
  const fields = new Map<string, Map<string, Field>>();
  for (const table of new Set(rows.map((r) => String(r.resource))))
    fields.set(table, await fieldsOf(db, all.get(table) ?? { value: table, label: table }));
  // the records the changes point to, by name
  const wanted = new Map<string, Set<number>>();
  for (const r of rows) {
    for (const side of [r.before, r.after] as (Row | null)[]) {
      for (const [c, v] of Object.entries(side ?? {})) {
        const f = fields.get(String(r.resource))!.get(c);
        if (!f?.names) continue;
        const key = `${f.names.table}|${f.names.column}`;
        if (!wanted.has(key)) wanted.set(key, new Set());
        for (const id of parts(v, f))
          if (Number.isSafeInteger(Number(id)) && Number(id) > 0) wanted.get(key)!.add(Number(id));
      }
    }
  }
  const named = await namesOf(db, wanted);
  const shown = (v: unknown, f: Field | undefined) => {
    if (!f || v === null || v === undefined || v === '') return plain(v);
    const each = parts(v, f).map(
      (x) =>
        (f.names ? named.get(`${f.names.table}|${f.names.column}`)?.get(Number(x)) : f.labels?.[String(x)]) || plain(x),
    );
    return each.join('、');
  };
  const now = await currentNames(db, rows);
  return rows.map((r) => {
    const table = String(r.resource);
    const area = all.get(table) ?? { value: table, label: table };
    const field = fields.get(table)!;
    const before = (r.before ?? {}) as Row;
    const after = (r.after ?? {}) as Row;
    const action = r.action as AuditEntry['action'];
    const count = Number(r.rows);
    // (a field that reads the same before and after says nothing: an empty field of a new row, a code rewritten alike)
    const changes = [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .map((c) => ({
        field: field.get(c)?.title ?? c,
        before: shown(before[c], field.get(c)),
        after: shown(after[c], field.get(c)),
      }))
      .filter((c) => c.before !== c.after);
    if (action === 'seed')
      return {
        id: Number(r.id),
        at: iso(r.at),
        user: null,
        area: area.value,
        where: area.label,
        action,
        summary: `初始数据（${count.toLocaleString('en-US')} 条记录）`,
        changes: [],
      };
    const verb = { insert: '新增', update: '修改', delete: '删除' }[action];
    return {
      id: Number(r.id),
      at: iso(r.at),
      user: r.user_id == null ? null : { id: Number(r.user_id), name: names.get(Number(r.user_id)) ?? '' },
      area: area.value,
      where:
        area.value === 'building'
          ? area.label
          : area.value === 'variant'
            ? `方案${rowName(r, now)}`
            : `${area.label}${count > 1 ? '' : rowName(r, now)}`,
      action,
      summary: count > 1 ? `批量${verb} ${count.toLocaleString('en-US')} 行` : verb,
      changes,
    };
  });
}
