// The audit triggers (src/server/db/audit.ts) on statements that touch several buildings at once: each building's
// rows are counted on their own — a few recorded one by one, many as one line with their count — whatever else the
// statement wrote. (The window count replaced a join the planner ran as a nested loop over the statement's rows.)
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { AUDIT_EACH } from '../../src/server/db/audit';
import { openTestDatabase } from './testDb';

let database: Database;
let engineeringId: number;
beforeAll(async () => {
  database = await openTestDatabase(inject('dbTemplate'));
  engineeringId = (await sql<{ id: number }>`select id from tpf3_engineering order by id limit 1`.execute(database.db))
    .rows[0].id;
});
afterAll(() => database.close());

/** `n` buildings in one INSERT; answers their ids. */
async function newBuildings(n: number, prefix: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    insert into tpf3_project (create_by, engineering_id, compute_method, standard, stage, name, code, status, use_date_limit, build_area, menus)
    select 1, ${engineeringId}, 'budget', 'GB', '施工图设计', ${prefix} || g, ${prefix} || g, '0', 50, 1000, 'produce' from generate_series(1, ${n}) g
    returning id`.execute(database.db);
  return rows.map((r) => Number(r.id));
}

const auditOf = async (ids: number[], resource: string) =>
  (
    await sql<{
      project_id: number;
      row_id: number | null;
      action: string;
      rows: number;
    }>`select project_id, row_id, action, rows from tpf3_audit where project_id = any(${ids}::int[]) and resource = ${resource} order by project_id, row_id`.execute(
      database.db,
    )
  ).rows;

describe('the audit triggers on a statement of many buildings', () => {
  it('records each of 60 buildings inserted by one statement once, with its row', async () => {
    const ids = await newBuildings(60, '审计批量');
    const lines = await auditOf(ids, 'tpf3_project');
    expect(lines).toHaveLength(60);
    expect(
      lines.every((l, i) => l.project_id === ids[i] && l.row_id === ids[i] && l.action === 'insert' && l.rows === 1),
    ).toBe(true);
  });

  it('counts each building of one statement on its own: more than AUDIT_EACH rows of one → one line with their count, 3 of another → 3 lines', async () => {
    const [many, few] = await newBuildings(2, '审计分组');
    const n = AUDIT_EACH + 5;
    await sql`
      insert into stage_produce (project_id, material_name, unit, quantity)
      select case when g <= ${n} then ${many}::int else ${few}::int end, '材料' || g, 't', g from generate_series(1, ${n + 3}) g`.execute(
      database.db,
    );
    const lines = await auditOf([many, few], 'stage_produce');
    expect(lines.filter((l) => l.project_id === many)).toEqual([
      { project_id: many, row_id: null, action: 'insert', rows: n },
    ]);
    const each = lines.filter((l) => l.project_id === few);
    expect(each).toHaveLength(3);
    expect(each.every((l) => l.row_id !== null && l.rows === 1 && l.action === 'insert')).toBe(true);

    // and a delete of both alike
    await sql`delete from stage_produce where project_id in (${many}, ${few})`.execute(database.db);
    const deleted = (await auditOf([many, few], 'stage_produce')).filter((l) => l.action === 'delete');
    expect(deleted.filter((l) => l.project_id === many)).toEqual([
      { project_id: many, row_id: null, action: 'delete', rows: n },
    ]);
    expect(deleted.filter((l) => l.project_id === few && l.row_id !== null)).toHaveLength(3);
  });
});
