// Who wrote (src/server/db/actor.ts): the audit trail names the user a write ran for, while reads go without the
// setting — and a rolled-back transaction, which undoes the setting made in it, does not leave the next write of
// the same user recorded under the one before.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { asActor } from '../../src/server/db/actor';
import type { Database } from '../../src/server/db/database';
import { openTestDatabase } from './testDb';

let database: Database;
let projectId: number;
beforeAll(async () => {
  database = await openTestDatabase(inject('dbTemplate'));
  projectId = (await sql<{ id: number }>`select id from tpf3_project order by id limit 1`.execute(database.db)).rows[0]
    .id;
});
afterAll(() => database.close());

const db = () => database.db;
const addRow = (name: string) =>
  sql`insert into stage_produce (project_id, material_name, unit, quantity) values (${projectId}, ${name}, 't', 1)`.execute(
    db(),
  );
// (the action as a parameter: a read naming a writing word is taken for a write, which would set the actor)
const writerOf = async (name: string) =>
  (
    await sql<{
      user_id: number | null;
    }>`select a.user_id from tpf3_audit a join stage_produce s on s.id = a.row_id where a.resource = 'stage_produce' and s.material_name = ${name} and a.action = ${'insert'}`.execute(
      db(),
    )
  ).rows[0]?.user_id;
const setting = async () =>
  (await sql<{ v: string | null }>`select current_setting('tansuan.actor', true) as v`.execute(db())).rows[0].v;

describe('the actor of a statement', () => {
  it('is set before a write and not before a read', async () => {
    await asActor(5, () => addRow('演员甲'));
    expect(await writerOf('演员甲')).toBe(5);
    // a read for another user leaves the connection's setting as the last write made it
    expect(await asActor(7, setting)).toBe('5');
    await asActor(7, () => addRow('演员乙'));
    expect(await writerOf('演员乙')).toBe(7);
  });

  it('is set again after a rollback undid it', async () => {
    await asActor(7, () => addRow('回滚前'));
    await expect(
      asActor(8, () =>
        db()
          .transaction()
          .execute(async (trx) => {
            await sql`insert into stage_produce (project_id, material_name, unit, quantity) values (${projectId}, '回滚', 't', 1)`.execute(
              trx,
            );
            throw new Error('撤销');
          }),
      ),
    ).rejects.toThrow('撤销');
    // the rollback took the setting back to 7; the next write of user 8 must still be recorded as 8
    await asActor(8, () => addRow('回滚后'));
    expect(await writerOf('回滚后')).toBe(8);
  });
});
