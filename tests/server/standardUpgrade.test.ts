// Default distances as GB/T 51366-2019 第6.3.2条 gives them (concrete 40 km, every other material 500 km) and water's
// energy factor, through the API, and the once-per-database step that brings a database seeded before them along:
// the system's mortar factor 40 → 500 km, the water row added, the open building's transport rows that copied the
// 40 without a typed distance → 500 (result 结果已过期), a signed building's left as signed.
// Library figures: 水泥砂浆（1:4） (IStructE, per t, group 砂浆), C30混凝土 (附录D, 2.4 t/m³, group 混凝土);
// 重型柴油货车运输 10t 0.162 kgCO2e/(t·km) (附录E); 自来水 0.168 kgCO2e/t (附录D).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';
import { buildingBody, ENG, engineeringBody, PROJECT, PROJECT_V, libraryFactor } from './builders';
import { loadSeedFactors } from '../../src/server/db/seed/factors';
import { STANDARD_LIBRARY_MARKER, upgradeLibraryStandard } from '../../src/server/db/seed/standardUpgrade';
import { ROW_DISTANCE_MARKER, upgradeRowDistances } from '../../src/server/stages/distanceUpgrade';
import { cachesOf } from '../../src/server/cache/caches';

let t: TestApp;
let user: string;
let eng: number;
const STAGE = '/api/tpf/v1/tpf/stage';
const MORTAR = '水泥砂浆（1:4）';
const factor = (name: string, spec = '') => libraryFactor(t, user, name, spec);
const newBuilding = async (name: string) =>
  (
    await t.call(
      'POST',
      `${PROJECT}/`,
      user,
      buildingBody(eng, {
        name,
        code: name,
        useDateLimit: 50,
        buildArea: 10000,
        standard: 'GB',
        menus: 'produce,trans,build',
      }),
    )
  ).body.data as { id: number };
const stale = async (id: number) => (await t.call('GET', `${PROJECT_V}/${id}`, user)).body.data.resultStale as boolean;
const waterRows = () => loadSeedFactors().filter((f) => f.energy === 'water');
const upgrade = () =>
  t.database.db.transaction().execute(async (trx) => ({
    library: await upgradeLibraryStandard(trx, waterRows),
    rows: await upgradeRowDistances(trx),
  }));

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  eng = (await t.call('POST', `${ENG}/`, user, engineeringBody())).body.data.id;
});
afterAll(() => t.close());

describe('a freshly seeded library', () => {
  it('carries mortar 500 km and concrete 40 km, and has the water energy factor; both steps are marked done', async () => {
    expect(await factor(MORTAR)).toMatchObject({ type: '建材', defaultDistance: 500 });
    expect(await factor('C30混凝土')).toMatchObject({ defaultDistance: 40 });
    const water = (
      await t.call(
        'GET',
        `/api/tpf/v1/tpf/tpf3BuildMaterial/?pageSize=-1&type=${encodeURIComponent('能源')}&name=${encodeURIComponent('自来水')}`,
        user,
      )
    ).body.data.dataList;
    expect(water).toEqual([
      expect.objectContaining({
        type: '能源',
        energy: 'water',
        unit: 't',
        materialCo: 0.168,
        source: 'GB/T 51366-2019 附录D',
      }),
    ]);
    const markers = await sql<{
      id: string;
    }>`select id from schema_migrations where id in (${STANDARD_LIBRARY_MARKER}, ${ROW_DISTANCE_MARKER}) order by id`.execute(
      t.database.db,
    );
    expect(markers.rows.map((r) => r.id)).toEqual([STANDARD_LIBRARY_MARKER, ROW_DISTANCE_MARKER].sort());
  });

  it('a mortar row without a distance goes 500 km: 10 t × 500 km × 0.162 = 810 kg', async () => {
    const b = await newBuilding('砂浆楼');
    const [mortar, truck] = [await factor(MORTAR), await factor('重型柴油货车运输', '10t')];
    const r = await t.call('POST', `${STAGE}/trans/batch`, user, [
      { projectId: b.id, materialName: MORTAR, unit: 't', quantity: 10, materialId: mortar.id, factorId: truck.id },
    ]);
    expect(r.body.code, JSON.stringify(r.body)).toBe(1);
    expect(r.body.data.rows[0]).toMatchObject({ distance: null, defaultDistance: 500 });
    expect(r.body.data.rows[0].emission).toBeCloseTo(810, 9);
  });

  it('water drawn on site counts by its quantity: 1 250 m³ = 1 250 t × 0.168 = 210 kg', async () => {
    const b = await newBuilding('用水楼');
    const water = (
      await t.call(
        'GET',
        `/api/tpf/v1/tpf/tpf3BuildMaterial/?pageSize=-1&type=${encodeURIComponent('能源')}&name=${encodeURIComponent('自来水')}`,
        user,
      )
    ).body.data.dataList[0];
    const r = await t.call('POST', `${STAGE}/build/batch`, user, [
      {
        projectId: b.id,
        method: 'energy',
        name: '施工用水',
        energy: 'water',
        unit: 'm3',
        quantity: 1250,
        factorId: water.id,
      },
    ]);
    expect(r.body.code, JSON.stringify(r.body)).toBe(1);
    expect(r.body.data.rows[0].emission).toBeCloseTo(210, 9);
  });
});

describe('a database from when mortar was carried 40 km', () => {
  it('moves the library and the open building’s copied rows to 500 km, not a typed distance, not concrete, not a signed building; once', async () => {
    const db = t.database.db;
    const [mortar, concrete, truck] = [
      await factor(MORTAR),
      await factor('C30混凝土'),
      await factor('重型柴油货车运输', '10t'),
    ];
    // as before: the library's mortar at 40 km, no water energy row, neither step done
    await sql`update tpf3_build_material set default_distance = 40 where id = ${mortar.id}`.execute(db);
    await cachesOf(db).factor.clear(); // (rows copy the library through its cache, which a direct write bypasses)
    await sql`delete from tpf3_build_material where tenant_id is null and type = '能源' and name = '自来水'`.execute(
      db,
    );
    await sql`delete from schema_migrations where id in (${STANDARD_LIBRARY_MARKER}, ${ROW_DISTANCE_MARKER})`.execute(
      db,
    );
    const open = await newBuilding('在编楼');
    const signed = await newBuilding('已签楼');
    const rows = (id: number) => [
      { projectId: id, materialName: MORTAR, unit: 't', quantity: 10, materialId: mortar.id, factorId: truck.id },
      {
        projectId: id,
        materialName: '砌筑砂浆',
        unit: 't',
        quantity: 5,
        distance: 40,
        materialId: mortar.id,
        factorId: truck.id,
      },
      {
        projectId: id,
        materialName: 'C30混凝土',
        unit: 'm3',
        quantity: 100,
        materialId: concrete.id,
        factorId: truck.id,
      },
    ];
    const made: Record<string, { id: number; emission: number; defaultDistance: number }[]> = {};
    for (const b of [open, signed]) {
      const r = await t.call('POST', `${STAGE}/trans/batch`, user, rows(b.id));
      expect(r.body.code, JSON.stringify(r.body)).toBe(1);
      made[b.id] = r.body.data.rows;
    }
    // copied from the library as it was: 10 t × 40 km × 0.162 = 64.8 kg
    expect(made[open.id].map((r) => r.defaultDistance)).toEqual([40, 40, 40]);
    expect(made[open.id][0].emission).toBeCloseTo(64.8, 9);
    await db.transaction().execute(async (trx) => {
      await sql`select set_config('tansuan.lock_bypass', 'on', true)`.execute(trx);
      await trx.updateTable('tpf3_project').set({ review_state: 'approved' }).where('id', '=', signed.id).execute();
    });
    expect([await stale(open.id), await stale(signed.id)]).toEqual([false, false]);

    expect(await upgrade()).toEqual({ library: { mortar: 1, water: 1 }, rows: 1 });
    expect(await factor(MORTAR)).toMatchObject({ defaultDistance: 500 });
    expect(await factor('C30混凝土')).toMatchObject({ defaultDistance: 40 });
    const distances = async (id: number) =>
      (
        await sql<{
          d: number;
        }>`select default_distance as d from stage_trans where project_id = ${id} order by id`.execute(db)
      ).rows.map((r) => r.d);
    // the open building: the mortar row without a distance takes 500; the typed 40 km and the concrete stay
    expect(await distances(open.id)).toEqual([500, 40, 40]);
    expect(await distances(signed.id)).toEqual([40, 40, 40]);
    expect([await stale(open.id), await stale(signed.id)]).toEqual([true, false]);
    // recalculated: 10 t × 500 km × 0.162 = 810 kg
    const again = await t.call('GET', `${STAGE}/trans/calculate?projectId=${open.id}`, user);
    expect(again.body.code, JSON.stringify(again.body)).toBe(1);
    const after = (await t.call('GET', `${STAGE}/trans/?projectId=${open.id}`, user)).body.data.dataList as {
      id: number;
      emission: number;
    }[];
    expect(after.find((r) => r.id === made[open.id][0].id)!.emission).toBeCloseTo(810, 9);
    expect(await stale(open.id)).toBe(false);

    // once: an administrator who sets mortar back to 40 km keeps it; the water row is not added twice
    await sql`update tpf3_build_material set default_distance = 40 where id = ${mortar.id}`.execute(db);
    expect(await upgrade()).toEqual({ library: { mortar: 0, water: 0 }, rows: 0 });
    expect(await factor(MORTAR)).toMatchObject({ defaultDistance: 40 });
    const waters = await sql<{
      n: number;
    }>`select count(*)::int as n from tpf3_build_material where tenant_id is null and type = '能源' and name = '自来水'`.execute(
      db,
    );
    expect(waters.rows[0].n).toBe(1);
  });
});
