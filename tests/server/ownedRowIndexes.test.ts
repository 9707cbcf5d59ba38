// The indexes of the rows a building owns: a page of a building's rows in id order is read through (project_id, id),
// and no tenant index tempts the planner to read a whole tenant's rows beside the building's. A database made before
// loses the indexes this replaced (migration 023) and keeps the new one.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { resources } from '../../src/server/registry';
import { openTestDatabase } from './testDb';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(inject('dbTemplate'));
});
afterAll(() => database.close());

const owned = resources.filter((r) => r.schema['x-resource'].ownedByProject).map((r) => r.table);

async function indexes(table: string): Promise<Map<string, string>> {
  const r = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes where tablename = ${table}`.execute(database.db);
  return new Map(r.rows.map((x) => [x.indexname, x.indexdef]));
}

describe('indexes of the rows a building owns', () => {
  it('each owned table has (project_id, id) and neither a project_id nor a tenant index; the building table keeps its tenant index', async () => {
    expect(owned).toContain('stage_produce');
    for (const t of owned) {
      const ix = await indexes(t);
      expect(ix.get(`${t}_project_rows`), t).toMatch(/\(project_id, id\)$/);
      expect(ix.has(`${t}_project_id_idx`), t).toBe(false);
      expect(ix.has(`${t}_tenant_idx`), t).toBe(false);
    }
    expect((await indexes('tpf3_project')).get('tpf3_project_tenant_idx')).toMatch(/\(tenant_id\)$/);
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
