// The indexes lists read through. A page of a building's rows in id order is read through (project_id, id), and no
// tenant index tempts the planner to read a whole tenant's rows beside the building's. Every other table lists a
// tenant's rows newest or last changed first through (tenant_id, create_date | update_date desc, id desc). A tenant's
// current revisions are found by reading the revisions it made once, not by a probe per building; a page's stale
// results by a probe of each building's own audit entries, never a join over the whole trail. A database made
// before loses the indexes these replaced (migrations 023 and 024) and keeps the new ones.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import type { Caller } from '../../src/server/db/caller';
import { migrate } from '../../src/server/db/migrate';
import { repo } from '../../src/server/db/repo';
import { staleQuery } from '../../src/server/buildings/stale';
import '../../src/server/hooks';
import { resources } from '../../src/server/db/registry';
import { openTestDatabase } from './testDb';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(inject('dbTemplate'));
});
afterAll(() => database.close());

const owned = resources.filter((r) => r.schema['x-resource'].ownedByProject).map((r) => r.table);

async function indexes(table: string): Promise<Map<string, string>> {
  const r = await sql<{
    indexname: string;
    indexdef: string;
  }>`select indexname, indexdef from pg_indexes where tablename = ${table}`.execute(database.db);
  return new Map(r.rows.map((x) => [x.indexname, x.indexdef]));
}

describe('indexes of the rows a building owns', () => {
  it('each owned table has (project_id, id) and neither a project_id nor a tenant index', async () => {
    expect(owned).toContain('stage_produce');
    for (const t of owned) {
      const ix = await indexes(t);
      expect(ix.get(`${t}_project_rows`), t).toMatch(/\(project_id, id\)$/);
      expect(ix.has(`${t}_project_id_idx`), t).toBe(false);
      expect(ix.has(`${t}_tenant_idx`), t).toBe(false);
    }
  });

  it('a database migrated before loses the replaced indexes at its next start', async () => {
    await sql`create index stage_produce_project_id_idx on stage_produce (project_id)`.execute(database.db);
    await sql`create index stage_produce_tenant_idx on stage_produce (tenant_id)`.execute(database.db);
    await sql`delete from schema_migrations where id = '023_owned_rows_by_building'`.execute(database.db);
    expect(await migrate(database.db)).toContain('023_owned_rows_by_building');
    const ix = await indexes('stage_produce');
    expect([...ix.keys()].filter((n) => /project|tenant/.test(n))).toEqual(['stage_produce_project_rows']);
  });
});

describe("indexes of a tenant's lists", () => {
  const tenantTables = resources.filter((r) => !r.schema['x-resource'].ownedByProject).map((r) => r.table);

  it('every table a tenant lists has (tenant_id, create_date | update_date desc, id desc) and no tenant_id index beside it', async () => {
    expect(tenantTables).toEqual(expect.arrayContaining(['tpf3_project', 'tpf3_engineering']));
    for (const t of tenantTables) {
      const ix = await indexes(t);
      expect(ix.get(`${t}_tenant_newest`), t).toMatch(/\(tenant_id, create_date DESC, id DESC\)$/);
      expect(ix.get(`${t}_tenant_updated`), t).toMatch(/\(tenant_id, update_date DESC, id DESC\)$/);
      expect(ix.has(`${t}_tenant_idx`), t).toBe(false);
    }
  });

  it("a tenant's newest page of 20 000 buildings is read from that index, not by walking every tenant's", async () => {
    const [{ id: engineeringId }] = (
      await sql<{ id: number }>`select id from tpf3_engineering order by id limit 1`.execute(database.db)
    ).rows;
    // 19 000 buildings of another tenant, newer than the 1 000 of tenant 1 (the order the planner used to walk)
    await sql`insert into tpf3_project (create_date, tenant_id, engineering_id, compute_method, standard, name, status)
              select now() - (case when g <= 1000 then interval '1 year' else interval '0' end) - g * interval '1 second',
                     case when g <= 1000 then 1 else 999 end, ${engineeringId}, 'budget', 'GB', '索引楼-' || g, '0'
                from generate_series(1, 20000) g`.execute(database.db);
    await sql`analyze tpf3_project`.execute(database.db);
    const plan = (
      await sql<{
        'QUERY PLAN': string;
      }>`explain select id from tpf3_project where tenant_id = 1 order by create_date desc, id desc limit 10`.execute(
        database.db,
      )
    ).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain('tpf3_project_tenant_newest');
    expect(plan).not.toMatch(/Sort|Seq Scan/);
  });

  it("a picker's 20 last changed completed buildings of the tenant's 1 000 are read from (tenant_id, update_date), and its sums read its revisions once", async () => {
    // tenant 1's buildings completed, the other tenant's not: the planner must know the pair, not multiply the shares
    await sql`update tpf3_project set status = '1' where tenant_id = 1 and name like '索引楼-%'`.execute(database.db);
    await sql`analyze tpf3_project`.execute(database.db);
    const caller: Caller = { userId: 1, tenantId: 1, roles: ['groupAdmin'], isAdmin: false };
    const explain = async (q: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
      const c = q.compile();
      const r = await database.db.executeQuery<{ 'QUERY PLAN': string }>({
        sql: `explain ${c.sql}`,
        parameters: c.parameters,
        query: { kind: 'RawNode' } as never,
        queryId: { queryId: 'plan' } as never,
      });
      return r.rows.map((x) => x['QUERY PLAN']).join('\n');
    };
    const buildings = repo(database.db, 'tpf3Project');
    const picker = await explain(
      buildings
        .readable(caller)
        .select('id')
        .where('status', '=', '1')
        .orderBy('update_date', 'desc')
        .orderBy('id', 'desc')
        .limit(20),
    );
    expect(picker).toContain('tpf3_project_tenant_updated');
    expect(picker).not.toMatch(/Sort|Seq Scan/);
    const sums = await explain(buildings.readable(caller).select(sql<number>`sum(total)`.as('total')));
    expect(sums).toMatch(/hashed SubPlan/);
    expect(sums).toContain('tpf3_project_tenant_revisions');
    expect(sums).not.toMatch(/Nested Loop/);
  });

  it("a page's stale results are looked up in each building's own audit entries, even where the planner would rather join", async () => {
    const ids = (
      await sql<{ id: number }>`select id from tpf3_project order by create_date desc, id desc limit 10`.execute(
        database.db,
      )
    ).rows.map((r) => r.id);
    // each plan in a transaction rolled back, so that a dropped index comes back
    const explain = async (setup: string[]) => {
      let plan = '';
      const undo = new Error('undo');
      await database.db
        .transaction()
        .execute(async (trx) => {
          for (const s of setup) await sql.raw(s).execute(trx);
          const c = staleQuery(trx, ids).compile();
          const r = await trx.executeQuery<{ 'QUERY PLAN': string }>({
            sql: `explain ${c.sql}`,
            parameters: c.parameters,
            query: c.query,
            queryId: c.queryId,
          });
          plan = r.rows.map((x) => x['QUERY PLAN']).join('\n');
          throw undo;
        })
        .catch((e: unknown) => {
          if (e !== undo) throw e;
        });
      return plan;
    };
    // (what it chose now and then after bulk writes: a hash of the whole trail, 80 ms for ten buildings)
    const plan = await explain(['set local enable_nestloop = off']);
    expect(plan).toMatch(/tpf3_audit_project_idx[^\n]*\n\s*Index Cond: \(\(ROW\(project_id, id\) > ROW\(p\.id/);
    expect(plan).not.toMatch(/Hash Semi Join|Seq Scan on tpf3_audit/);
    // (what it chose once on a fresh machine: the trail's primary key from the result's mark on, every building's
    // later entries; without the (project_id, id) index nothing but a scan may answer, so with it nothing else can)
    const withoutIndex = await explain(['drop index tpf3_audit_project_idx']);
    expect(withoutIndex).toContain('Seq Scan on tpf3_audit');
    expect(withoutIndex).not.toContain('tpf3_audit_pkey');
  });

  it('a database migrated before loses its tenant_id indexes at its next start', async () => {
    await sql`create index tpf3_project_tenant_idx on tpf3_project (tenant_id)`.execute(database.db);
    await sql`delete from schema_migrations where id = '024_tenant_lists_newest_first'`.execute(database.db);
    expect(await migrate(database.db)).toContain('024_tenant_lists_newest_first');
    expect([...(await indexes('tpf3_project')).keys()].filter((n) => /tenant/.test(n)).sort()).toEqual([
      'tpf3_project_tenant_newest',
      'tpf3_project_tenant_revisions',
      'tpf3_project_tenant_updated',
    ]);
  });
});
