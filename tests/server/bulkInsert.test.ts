// Many rows in one statement, each column sent as one JSON array (or once, when every row holds the same value):
// every kind of value reads back as it was given — text with quotes, backslashes, line breaks and CJK, numbers to
// the last bit and the non-finite ones, booleans, jsonb objects, nulls — on the database the run uses.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { bulkInsert, type BulkColumn } from '../../src/server/db/bulkInsert';
import { openTestDatabase } from './testDb';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(inject('dbTemplate'));
  await sql`create table bulk_probe (id int primary key, name text, amount double precision, n int, ok boolean, detail jsonb, building int)`.execute(
    database.db,
  );
});
afterAll(() => database.close());

const COLUMNS: BulkColumn[] = [
  { column: 'id', kind: 'integer' },
  { column: 'name', kind: 'text' },
  { column: 'amount', kind: 'double precision' },
  { column: 'n', kind: 'integer' },
  { column: 'ok', kind: 'boolean' },
  { column: 'detail', kind: 'jsonb' },
  { column: 'building', kind: 'integer' },
];

describe('bulkInsert', () => {
  it('writes every kind of value as given, varying and constant columns alike', async () => {
    const rows = [
      {
        id: 1,
        name: 'C30 "商品" 混凝土\\ 第1行\n第2行',
        amount: 0.1 + 0.2,
        n: -7,
        ok: true,
        detail: JSON.stringify({ sources: [{ sheet: '人材机', row: 3 }], note: 'a "quoted" \\ word' }),
        building: 9,
      },
      { id: 2, name: null, amount: Number.NaN, n: null, ok: false, detail: null, building: 9 },
      {
        id: 3,
        amount: Number.POSITIVE_INFINITY,
        n: 2147483647,
        ok: null,
        detail: JSON.stringify([1, 'two']),
        building: 9,
      },
      { id: 4, name: '', amount: 5e-324, n: 0, ok: true, detail: JSON.stringify('text'), building: 9 },
    ];
    await database.db.transaction().execute((trx) => bulkInsert(trx, 'bulk_probe', COLUMNS, rows));
    const read = (
      await sql<
        Record<string, unknown>
      >`select id, name, amount::text as amount, n, ok, detail, building from bulk_probe order by id`.execute(
        database.db,
      )
    ).rows;
    expect(read).toEqual([
      {
        id: 1,
        name: 'C30 "商品" 混凝土\\ 第1行\n第2行',
        amount: String(0.1 + 0.2),
        n: -7,
        ok: true,
        detail: { sources: [{ sheet: '人材机', row: 3 }], note: 'a "quoted" \\ word' },
        building: 9,
      },
      { id: 2, name: null, amount: 'NaN', n: null, ok: false, detail: null, building: 9 },
      { id: 3, name: null, amount: 'Infinity', n: 2147483647, ok: null, detail: [1, 'two'], building: 9 },
      { id: 4, name: '', amount: '5e-324', n: 0, ok: true, detail: 'text', building: 9 },
    ]);
  });

  it('a column null in every row, or the same value or object in every row, is written once for all', async () => {
    const same = JSON.stringify({ fileName: '预算.xlsx' });
    const rows = Array.from({ length: 3 }, (_, i) => ({
      id: 100 + i,
      name: 'x',
      amount: 1.5,
      ok: true,
      detail: same,
      building: null,
    }));
    await database.db.transaction().execute((trx) => bulkInsert(trx, 'bulk_probe', COLUMNS, rows));
    const read = (
      await sql<
        Record<string, unknown>
      >`select name, amount, n, ok, detail, building from bulk_probe where id >= 100 order by id`.execute(database.db)
    ).rows;
    expect(read).toEqual(
      rows.map(() => ({
        name: 'x',
        amount: 1.5,
        n: null,
        ok: true,
        detail: { fileName: '预算.xlsx' },
        building: null,
      })),
    );
  });
});
