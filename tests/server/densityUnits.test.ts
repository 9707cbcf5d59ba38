// Through the API: a library density is t per the factor's own unit and weighs only that unit; a brick row counted
// in 千块 needs its size (the library's brick names it) or its own density, and says so on every path, nothing of the
// batch stored; a library fuel brings its own calorific value. And a database from before gets them once, its open
// buildings' rows too.
// Library figures: 页岩实心砖（240mm×115mm×53mm） (附录D, per m³), 1.9 t/m³ (GB 50009 普通砖 19 kN/m³); 重型柴油货车运输
// 0.162 kgCO2e/(t·km) (附录E); 焦炭 100.60 tCO2/TJ (附录A) and 28.435 MJ/kg (GB/T 2589-2020 附录A).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';
import { buildingBody, ENG, engineeringBody, PROJECT, libraryFactor } from './builders';
import { LIBRARY_UNITS_MARKER, upgradeLibraryUnits } from '../../src/server/db/seed/fuelNcv';
import { ROW_UNITS_MARKER, upgradeRowUnits } from '../../src/server/stages/unitUpgrade';

let t: TestApp;
let user: string;
let b: { id: number };
const STAGE = '/api/tpf/v1/tpf/stage';
const factor = (name: string, spec = '') => libraryFactor(t, user, name, spec);
const BRICK = '页岩实心砖（240mm×115mm×53mm）';
const count = async (code: string) =>
  (await t.call('GET', `${STAGE}/${code}/?projectId=${b.id}&pageSize=1`, user)).body.data.total as number;

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody())).body.data;
  b = (
    await t.call(
      'POST',
      `${PROJECT}/`,
      user,
      buildingBody(eng.id, { useDateLimit: 50, buildArea: 10000, standard: 'GB', menus: 'produce,trans,build' }),
    )
  ).body.data;
});
afterAll(() => t.close());

describe('a density per its own unit', () => {
  it('the library says what its density is per, and the size its brick’s name gives', async () => {
    const brick = await factor(BRICK);
    expect(brick).toMatchObject({ unit: 'm3', density: 1.9, densityUnit: 't/m3', pieceSize: '240×115×53' });
  });

  it('120 千块 of brick on a density per m³ and no size is refused naming both units; the batch stores nothing', async () => {
    const truck = await factor('重型柴油货车运输', '10t');
    const r = await t.call('POST', `${STAGE}/trans/batch`, user, [
      { projectId: b.id, materialName: '钢筋', unit: 't', quantity: 10, distance: 100, factorId: truck.id },
      {
        projectId: b.id,
        materialName: '多孔砖',
        unit: '千块',
        quantity: 120,
        distance: 500,
        density: 1.9,
        densityUnit: 't/m3',
        factorId: truck.id,
      },
    ]);
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain(
      '用量单位「千块」无法换算为质量(t)：密度 1.9 t/m3 只能用于 m3，请填写规格尺寸(mm)或按千块计的密度',
    );
    expect(await count('trans')).toBe(0);
  });

  it('the library brick brings its size: 333.5184 t × 500 km × 0.162 = 27 014.98 kg (not 1.9 t a brick)', async () => {
    const [brick, truck] = [await factor(BRICK), await factor('重型柴油货车运输', '10t')];
    // 120 000 块 × 0.24 × 0.115 × 0.053 m³ = 175.536 m³ × 1.9 t/m³ = 333.5184 t; × 500 km = 166 759.2 t·km × 0.162
    const r = await t.call('POST', `${STAGE}/trans/batch`, user, [
      {
        projectId: b.id,
        materialName: '页岩实心砖',
        unit: '千块',
        quantity: 120,
        distance: 500,
        materialId: brick.id,
        factorId: truck.id,
      },
    ]);
    expect(r.body.code).toBe(1);
    expect(r.body.data.rows[0]).toMatchObject({ density: 1.9, densityUnit: 't/m3', pieceSize: '240×115×53' });
    expect(r.body.data.rows[0].emission).toBeCloseTo(27_014.9904, 6);
  });
});

describe('a fuel by its own calorific value', () => {
  it('coke brings 28.435 MJ/kg: 10 t = 0.28435 TJ × 100 600 kgCO2/TJ = 28 605.61 kg', async () => {
    const coke = await factor('焦炭');
    expect(coke).toMatchObject({ ncv: 28.435, ncvUnit: 'MJ/kg' });
    expect(String(coke.ncvSource)).toContain('GB/T 2589-2020');
    // 10 000 kg × 28.435 MJ/kg = 284 350 MJ = 0.28435 TJ; × 100 600 = 28 605.61 kgCO2
    const r = await t.call('POST', `${STAGE}/build/batch`, user, [
      { projectId: b.id, method: 'energy', name: '焦炭', energy: 'coal', unit: 't', quantity: 10, factorId: coke.id },
    ]);
    expect(r.body.data.rows[0]).toMatchObject({ ncv: 28.435 });
    expect(r.body.data.rows[0].emission).toBeCloseTo(28_605.61, 6);
  });
});

describe('a database from before', () => {
  it('gets the library’s density units and calorific values, and its open buildings’ rows theirs, once', async () => {
    const db = t.database.db;
    const brick = await factor(BRICK);
    const coke = await factor('焦炭');
    const truck = await factor('重型柴油货车运输', '10t');
    // as before: no unit on the library's densities, no calorific values, rows that copied the density without its unit
    await sql`update tpf3_build_material set density_unit = null, piece_size = null, ncv = null, ncv_unit = null, ncv_source = null where tenant_id is null`.execute(
      db,
    );
    await sql`delete from schema_migrations where id in (${LIBRARY_UNITS_MARKER}, ${ROW_UNITS_MARKER})`.execute(db);
    const trans = await sql<{
      id: number;
    }>`insert into stage_trans (project_id, material_name, unit, quantity, distance, density, material_id, factor_id)
      values (${b.id}, '页岩实心砖', '千块', 120, 500, 1.9, ${brick.id}, ${truck.id}), (${b.id}, '自填密度', '千块', 10, 500, 2.6, null, ${truck.id}) returning id`.execute(
      db,
    );
    const build = await sql<{
      id: number;
    }>`insert into stage_build (project_id, method, name, energy, unit, quantity, factor_id)
      values (${b.id}, 'energy', '焦炭', 'coal', 't', 10, ${coke.id}) returning id`.execute(db);

    await db.transaction().execute(async (trx) => {
      await upgradeLibraryUnits(trx);
      await upgradeRowUnits(trx);
    });
    const lib = await sql<{
      density_unit: string | null;
      piece_size: string | null;
      ncv: number | null;
    }>`select density_unit, piece_size, ncv from tpf3_build_material where id = any(${[brick.id, coke.id]}::int[]) order by id = ${brick.id} desc`.execute(
      db,
    );
    expect(lib.rows).toEqual([
      { density_unit: 't/m3', piece_size: '240×115×53', ncv: null },
      { density_unit: null, piece_size: null, ncv: 28.435 },
    ]);
    const rows = await sql<{
      density_unit: string | null;
    }>`select density_unit from stage_trans where id = any(${trans.rows.map((r) => r.id)}::int[]) order by id`.execute(
      db,
    );
    // the library's density keeps the library's meaning; a density the user typed keeps what it was read as (t per 块)
    expect(rows.rows.map((r) => r.density_unit)).toEqual(['t/m3', 't/块']);
    const fuel = await sql<{ ncv: number }>`select ncv from stage_build where id = ${build.rows[0].id}`.execute(db);
    expect(fuel.rows[0].ncv).toBe(28.435);
    // once: an administrator who clears a value later keeps it cleared
    await sql`update tpf3_build_material set density_unit = null where id = ${brick.id}`.execute(db);
    await db.transaction().execute((trx) => upgradeLibraryUnits(trx));
    expect(
      (
        await sql<{
          u: string | null;
        }>`select density_unit as u from tpf3_build_material where id = ${brick.id}`.execute(db)
      ).rows[0].u,
    ).toBeNull();
  });
});
