// The `city` dictionary's districts: a fresh database serves them under their city; a database
// seeded before them gets them once at start, and a city an administrator already gave children keeps its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testApp, type TestApp } from './helpers';
import { cityItems, type DictItem } from '../../src/server/db/seed/dictionaries';
import { DISTRICTS_MARKER, upgradeCityDistricts } from '../../src/server/db/seed/districtUpgrade';
import { fullCityTree } from '../client/mapCities';

let t: TestApp;
let user: string;
beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
});
afterAll(() => t.close());

const cityOf = (items: DictItem[], code: string) =>
  items.flatMap((p) => p.children ?? []).find((c) => c.value === code);
const served = async () => (await t.call('GET', '/api/sys/v1/sys/sysDict/items/city', user)).body.data as DictItem[];
/** As stored (the API answers from its dictionary cache, which a write behind its back does not reach). */
const stored = async () => {
  const row = await t.database.db
    .selectFrom('sys_dict')
    .select('items')
    .where('dict_code', '=', 'city')
    .executeTakeFirstOrThrow();
  return (typeof row.items === 'string' ? JSON.parse(row.items) : row.items) as DictItem[];
};

describe('districts in the city dictionary', () => {
  it('are served under their city; the client tests convert the bundled file the same way', async () => {
    const items = await served();
    expect(cityOf(items, '110100')?.children?.map((d) => d.label)).toContain('朝阳区');
    expect(cityOf(items, '310100')?.children).toHaveLength(15);
    expect(cityOf(items, '320100')?.children?.map((d) => d.label)).toContain('江宁区');
    expect(cityOf(items, '441900')?.children).toBeUndefined(); // 东莞 has towns, no districts
    expect(fullCityTree).toEqual(cityItems());
  });

  it('reach a database seeded before them, once; a city already given children keeps them', async () => {
    const db = t.database.db;
    const items = await stored();
    const save = (list: DictItem[]) =>
      db
        .updateTable('sys_dict')
        .set({ items: JSON.stringify(list) })
        .where('dict_code', '=', 'city')
        .execute();
    // as before districts were shipped: none, no marker; an administrator gave 上海市 one district of their own
    for (const p of items) for (const c of p.children ?? []) delete c.children;
    cityOf(items, '310100')!.children = [{ value: '310101', label: '黄浦区', lng: 121.49, lat: 31.23 }];
    await save(items);
    await sql`delete from schema_migrations where id = ${DISTRICTS_MARKER}`.execute(db);

    await db.transaction().execute((trx) => upgradeCityDistricts(trx));
    let now = await stored();
    expect(cityOf(now, '110100')?.children).toHaveLength(16);
    expect(cityOf(now, '500100')?.children).toHaveLength(38);
    expect(cityOf(now, '320100')?.children).toHaveLength(11);
    expect(cityOf(now, '310100')?.children).toEqual([{ value: '310101', label: '黄浦区', lng: 121.49, lat: 31.23 }]);

    // once: districts an administrator removes afterwards stay removed
    const edited = await stored();
    delete cityOf(edited, '110100')!.children;
    await save(edited);
    await db.transaction().execute((trx) => upgradeCityDistricts(trx));
    now = await stored();
    expect(cityOf(now, '110100')?.children).toBeUndefined();
  });
});
