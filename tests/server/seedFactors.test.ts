// The details of the seed factor library (src/server/db/seed/factorDetails.ts): densities of the App. D
// materials counted in m³/m², default transport distances by category, the energy of energy factors, the
// data-quality class of every row — and the upgrade that brings them to a database seeded before them.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createAjv } from '../../schemas/validation';
import { tpf3BuildMaterial } from '../../schemas/factors/tpf3BuildMaterial';
import { FACTOR_FILES, loadSeedFactors, seedFactorUpgrades, seedSupplement } from '../../src/server/db/seed/factors';
import {
  DENSITY_FILE,
  DETAILS_MARKER,
  MASS_UNITS,
  defaultDistanceOf,
  upgradeFactorDetails,
} from '../../src/server/db/seed/factorDetails';
import {
  CN_MATERIALS_MARKER,
  SUPPLEMENT_MARKER,
  upgradeSupplementMaterials,
} from '../../src/server/db/seed/materialUpgrade';
import { openTestDatabase } from './testDb';
import type { Database } from '../../src/server/db/database';

type Row = Record<string, string>;
const csv = (file: string): Row[] =>
  Papa.parse<Row>(readFileSync(new URL(`../../src/server/db/seed/data/${file}`, import.meta.url), 'utf8'), {
    header: true,
    skipEmptyLines: 'greedy',
  }).data;

const factors = loadSeedFactors();
const one = (type: string, name: string, spec?: string) => {
  const found = factors.filter((f) => f.type === type && f.name === name && (spec === undefined || f.spec === spec));
  expect(found, `${type}/${name}`).toHaveLength(1);
  return found[0];
};

describe('seed factor details', () => {
  it('every row still validates against tpf3BuildMaterial', () => {
    const validate = createAjv().compile(tpf3BuildMaterial);
    expect(
      factors.filter((f) => !validate(structuredClone(f))).map((f) => `${f.name}: ${JSON.stringify(validate.errors)}`),
    ).toEqual([]);
  });

  it('every App. D and Chinese-source row in m³/m² has a density with its source, or is U with a reason and no number', () => {
    const volume = [...csv(FACTOR_FILES.materials), ...csv(FACTOR_FILES.cn)].filter((r) => !MASS_UNITS.has(r.unit));
    // App. D: 9 in m², 10 in m³; cn_materials.csv: the two sealed glazing units in m²
    expect(volume.map((r) => r.unit).sort()).toEqual([...Array(9 + 2).fill('m2'), ...Array(10).fill('m3')]);
    const density = csv(DENSITY_FILE);
    // keyed by the exact material name, in its unit, nothing extra
    expect(density.map((r) => `${r.name_zh}|${r.unit}`).sort()).toEqual(
      volume.map((r) => `${r.name_zh}|${r.unit}`).sort(),
    );
    for (const r of volume) {
      const f = one('建材', r.name_zh);
      if (f.densityVerification === 'U') {
        expect(f.density, f.name).toBeNull();
        expect(f.densitySource ?? '', f.name).toBe('');
        expect(f.remarks, f.name).toMatch(/密度暂无可靠数值（U）：.{20,}/);
      } else {
        expect(f.density, f.name).toBeGreaterThan(0);
        expect(f.densitySource, f.name).toBeTruthy();
        expect(['V', 'V2', 'M', 'D']).toContain(f.densityVerification);
      }
    }
    // mass units need no density: t × 1, kg ÷ 1000
    for (const f of factors.filter((x) => x.type === '建材' && MASS_UNITS.has(x.unit))) {
      expect([f.density, f.densitySource, f.densityVerification], f.name).toEqual([undefined, undefined, undefined]);
    }
  });

  it('hand-checked densities (GB 50009-2012 附录A, kN/m³ ÷ 10)', () => {
    // 素混凝土 22.0~24.0 kN/m³ → upper bound 2.4 t/m³ (rebar is its own App. D row in t)
    expect(one('建材', 'C30混凝土')).toMatchObject({ density: 2.4, densityVerification: 'V' });
    expect(one('建材', 'C50混凝土').density).toBe(2.4);
    // 蒸压粉煤灰砖 14.0~16.0 kN/m³ (dry) → 1.6
    expect(one('建材', '蒸压粉煤灰砖（240mm×115mm×53mm）')).toMatchObject({ density: 1.6, densityVerification: 'V' });
    // fired solid bricks from 普通砖 (机器制) 19.0 kN/m³ → 1.9, by analogy: D
    expect(one('建材', '页岩实心砖（240mm×115mm×53mm）')).toMatchObject({ density: 1.9, densityVerification: 'D' });
    expect(one('建材', '页岩空心砖（240mm×115mm×53mm）')).toMatchObject({ density: 1.1, densityVerification: 'M' });
    // 4 mm panel: 2 × 0.5 mm × 2.7 t/m³ + 3 mm × 0.93 t/m³ = 2.7 + 2.79 ≈ 5.5 kg/m² → 0.0055 t/m²
    expect(one('建材', '铝塑复合板')).toMatchObject({ density: 0.0055, densityVerification: 'D' });
    expect(one('建材', '混凝土砖（240mm×115mm×90mm）')).toMatchObject({ density: null, densityVerification: 'U' });
    expect(one('建材', '塑钢窗')).toMatchObject({ density: null, densityVerification: 'U' });
    // 普通玻璃 25.6 kN/m³ → 2.56 t/m³ × two 5 mm panes = 2.56 × 0.010 = 0.0256 t/m² (glass only): D
    expect(one('建材', '中空玻璃（5+12A+5，仅计两片玻璃）')).toMatchObject({
      density: 0.0256,
      densityVerification: 'D',
    });
  });

  it('default distance by category (GB/T 51366-2019 第6.3.2条): concrete 40 km, mortar, 混凝土砖 (a brick) and every other material 500 km', () => {
    expect(one('建材', 'C30混凝土').defaultDistance).toBe(40);
    expect(one('建材', '水泥砂浆（1:4）').defaultDistance).toBe(500);
    // by the category, never the name: a mortar named like a bill's line, and a concrete whatever its name says
    expect(defaultDistanceOf({ ...one('建材', '水泥砂浆（1:4）'), name: '水泥砂浆 M10' })).toBe(500);
    expect(defaultDistanceOf({ ...one('建材', 'C30混凝土'), name: '预拌混凝土 C30' })).toBe(40);
    expect(defaultDistanceOf({ ...one('能源', '柴油'), smallType: '混凝土' })).toBeUndefined();
    expect(one('建材', 'C50混凝土').defaultDistance).toBe(40);
    expect(one('建材', '混凝土砖（240mm×115mm×90mm）').defaultDistance).toBe(500);
    expect(one('建材', '热轧碳钢钢筋').defaultDistance).toBe(500);
    expect(
      factors.filter((f) => f.type === '建材').every((f) => f.defaultDistance === 40 || f.defaultDistance === 500),
    ).toBe(true);
    expect(factors.filter((f) => f.type !== '建材').every((f) => f.defaultDistance === undefined)).toBe(true);
  });

  it('every energy factor names its energy', () => {
    expect(one('能源', '江苏', 'MEE_NBS_2023_province').energy).toBe('electricity');
    expect(one('能源', '天然气').energy).toBe('naturalGas');
    expect(one('能源', '柴油').energy).toBe('diesel');
    expect(one('能源', '汽油').energy).toBe('gasoline');
    expect(one('能源', '液化石油气').energy).toBe('lpg');
    expect(one('能源', '烟煤').energy).toBe('coal');
    expect(one('能源', '焦炭').energy).toBe('coal');
    expect(one('能源', '一般煤油').energy).toBe('other'); // kerosene, not coal
    expect(one('能源', '石油焦').energy).toBe('other');
    expect(one('能源', '市政热力（外购热，非附录A）').energy).toBe('heat');
    expect(one('能源', '自来水').energy).toBe('water');
    expect(factors.filter((f) => f.type === '能源' && !f.energy)).toEqual([]);
    expect(factors.filter((f) => f.type !== '能源' && f.energy)).toEqual([]);
    // 自来水 is an App. D material (group 其他) and stays one
    expect(one('建材', '自来水').energy).toBeUndefined();
  });

  it('water has an energy factor: 附录D’s 自来水 repeated, its number, source and mark', () => {
    const material = one('建材', '自来水');
    const water = one('能源', '自来水');
    // 附录D: 自来水 0.168 kgCO2e/t (the csv row read as is)
    expect(csv(FACTOR_FILES.materials).find((r) => r.name_zh === '自来水')).toMatchObject({
      unit: 't',
      kgCO2e_per_unit: '0.168',
      verification: 'V',
    });
    expect(water).toMatchObject({
      smallType: '水',
      unit: 't',
      materialCo: 0.168,
      coUnit: 'kgCO2e/t',
      source: 'GB/T 51366-2019 附录D',
      verification: 'V',
      quality: 'standard',
    });
    expect([water.materialCo, water.source, water.verification]).toEqual([
      material.materialCo,
      material.source,
      material.verification,
    ]);
    expect(water.defaultDistance).toBeUndefined();
    expect(water.remarks).toContain('与附录D 建材「自来水」同一数值');
    expect(factors.filter((f) => f.energy === 'water')).toHaveLength(1);
  });

  it('every row has a data-quality class', () => {
    expect(factors.filter((f) => !f.quality)).toEqual([]);
    expect(one('建材', 'C30混凝土').quality).toBe('standard');
    expect(one('运输', '重型柴油货车运输', '30t').quality).toBe('standard');
    expect(one('能源', '柴油').quality).toBe('standard');
    expect(one('能源', '市政热力（外购热，非附录A）').quality).toBe('estimate');
    expect(one('能源', '江苏', 'MEE_NBS_2023_province').quality).toBe('database');
    expect(one('制冷剂', 'R410A').quality).toBe('database');
    expect(one('碳汇', '阔叶大乔木（土深>1.0m）').quality).toBe('estimate');
  });
});

describe('materials beyond App. D (supplementary_materials.csv)', () => {
  const supplement = seedSupplement();

  it('every row names its published source and is verified, per tonne, as a database value', () => {
    expect(supplement.map((f) => f.name)).toEqual(csv(FACTOR_FILES.supplement).map((r) => r.name_zh));
    const appD = new Set(csv(FACTOR_FILES.materials).map((r) => r.name_zh));
    for (const f of supplement) {
      expect(appD.has(f.name), f.name).toBe(false);
      expect(f.source, f.name).toMatch(/ICE v3\.0|IStructE/);
      expect(['V', 'V2'], f.name).toContain(f.verification);
      expect(f, f.name).toMatchObject({ type: '建材', unit: 't', coUnit: 'kgCO2e/t', quality: 'database' });
      expect(f.remarks, f.name).toMatch(/A1–A3/);
      expect(f.materialCo, f.name).toBeGreaterThan(0);
    }
  });

  it('hand-checked values (kgCO2e/kg × 1000) and transport distances', () => {
    const v = (name: string) => supplement.find((f) => f.name === name)!;
    // ICE v3.0 as cited by IStructE: softwood 0.263, glulam 0.512, CLT 0.437 kgCO2e/kg (istructe.org, 2021)
    expect([v('针叶材锯材').materialCo, v('胶合木（Glulam）').materialCo, v('正交胶合木（CLT）').materialCo]).toEqual([
      263, 512, 437,
    ]);
    expect([v('针叶材锯材').verification, v('胶合板').verification]).toEqual(['V2', 'V']);
    expect(v('纸面石膏板').materialCo).toBe(390);
    expect([v('混凝土砌块（密实骨料）').materialCo, v('混凝土砌块（轻骨料）').materialCo]).toEqual([93, 280]);
    // GB/T 51366-2019 第6.3.2条 names concrete only: mortar and precast elements (factory products) 500 km
    expect([
      v('水泥砂浆（1:4）').defaultDistance,
      v('预制混凝土（C40/50，不含钢筋）').defaultDistance,
      v('花岗岩（天然石材）').defaultDistance,
    ]).toEqual([500, 500, 500]);
  });
});

describe('materials from Chinese sources (cn_materials.csv)', () => {
  const cn = seedSupplement(FACTOR_FILES.cn);
  const rows = csv(FACTOR_FILES.cn);

  it('every row names a Chinese publication, its year and boundary, and carries a mark its notes account for', () => {
    expect(cn.map((f) => f.name)).toEqual(rows.map((r) => r.name_zh));
    const elsewhere = new Set([...csv(FACTOR_FILES.materials), ...csv(FACTOR_FILES.supplement)].map((r) => r.name_zh));
    for (const r of rows) {
      const f = cn.find((x) => x.name === r.name_zh)!;
      expect(elsewhere.has(f.name), f.name).toBe(false);
      // the BIM matcher ranks a source naming GB/…, 中国… or a province's standard before a UK database
      expect(f.source, f.name).toMatch(/GB\/T|GB \d|中国|DB\d|DBJ/);
      expect(r.year, f.name).toMatch(/^(19|20)\d\d$/);
      expect(r.boundary, f.name).toMatch(/A1–A3/);
      expect(f.remarks, f.name).toContain(`数据年份 ${r.year}`);
      expect(['V', 'V2', 'M', 'D'], f.name).toContain(f.verification);
      expect(f.verification, f.name).toBe(r.verification);
      // V says where the number was read, D shows its working, M says it is recalled
      const says = { V: /核对于|读自/, V2: /核对于|读自/, D: /推算/, M: /回忆/ }[
        f.verification as 'V' | 'V2' | 'D' | 'M'
      ];
      expect(f.remarks, f.name).toMatch(says);
      // 数据库 for a published data set, 标准默认值 for a standard's appendix, 估算 for a number derived here
      expect(f.quality, f.name).toBe(r.quality);
      if (f.verification === 'D') expect(f.quality, f.name).toBe('estimate');
      expect(f.materialCo, f.name).toBeGreaterThan(0);
    }
  });

  it('hand-checked: a 5+12A+5 sealed glazing unit from App. D float glass and GB 50009 glass density', () => {
    // 2 panes × 0.005 m × 2.56 t/m³ (25.6 kN/m³ ÷ 10) = 0.0256 t/m²; × 1130 kgCO2e/t (App. D 平板玻璃) = 28.928
    const glass = one('建材', '平板玻璃').materialCo!;
    const unit = cn.find((f) => f.name === '中空玻璃（5+12A+5，仅计两片玻璃）')!;
    expect(glass).toBe(1130);
    expect(unit.materialCo).toBeCloseTo(2 * 0.005 * 2.56 * glass, 1);
    expect(unit).toMatchObject({
      unit: 'm2',
      coUnit: 'kgCO2e/m2',
      quality: 'estimate',
      defaultDistance: 500,
      density: 0.0256,
    });
    // 6+12A+6: 2 × 0.006 × 2.56 × 1130 = 34.714
    expect(cn.find((f) => f.name === '中空玻璃（6+12A+6，仅计两片玻璃）')!.materialCo).toBeCloseTo(34.714, 1);
  });
});

describe('upgrade of a database seeded before the details', () => {
  let database: Database;
  const lib = sql.table('tpf3_build_material');
  const C30 = 'C30混凝土';
  const WINDOW = '塑钢窗';
  const get = async (name: string, tenant: 'system' | 'tenant' = 'system') =>
    (
      await sql<
        Record<string, unknown>
      >`select density, density_source, density_verification, default_distance, energy, quality, remarks
        from ${lib} where name = ${name} and tenant_id is ${tenant === 'system' ? sql`null` : sql`not null`}`.execute(
        database.db,
      )
    ).rows;

  beforeAll(async () => {
    database = await openTestDatabase(inject('dbTemplate'));
  });
  afterAll(async () => {
    await database?.close();
  });

  it('a freshly seeded database has the details', async () => {
    expect(await get(C30)).toEqual([
      expect.objectContaining({ density: 2.4, density_verification: 'V', default_distance: 40, quality: 'standard' }),
    ]);
    const marker = await sql`select id from schema_migrations where id = ${DETAILS_MARKER}`.execute(database.db);
    expect(marker.rows).toHaveLength(1);
  });

  it('fills an old database, keeps what an admin set, leaves tenant rows alone, runs once', async () => {
    const db = database.db;
    const cols = sql`density = null, density_source = null, density_verification = null, default_distance = null, energy = null, quality = null`;
    // a tenant's own copy of C30 (no details), then the database as seeded before the factors' details
    await sql`insert into ${lib} (type, small_type, name, spec, unit, material_co, tenant_id) values ('建材', '混凝土', ${C30}, '', 'm3', 300, 1)`.execute(
      db,
    );
    const seedRemarks = seedFactorUpgrades().find((u) => u.base.name === WINDOW)!.base.remarks;
    await sql`update ${lib} set ${cols}, remarks = ${seedRemarks} where tenant_id is null`.execute(db);
    await sql`delete from schema_migrations where id = ${DETAILS_MARKER}`.execute(db);
    // an admin's edits: C30's density measured, the window's remarks rewritten
    await sql`update ${lib} set density = 2.35, density_source = '供应商配合比实测' where name = ${C30} and tenant_id is null`.execute(
      db,
    );
    await sql`update ${lib} set remarks = '管理员备注' where name = '铝塑共挤窗' and tenant_id is null`.execute(db);
    expect((await get('天然气'))[0]).toMatchObject({ energy: null, quality: null });

    const filled = await db.transaction().execute((trx) => upgradeFactorDetails(trx, seedFactorUpgrades));
    expect(filled).toBe(factors.length);

    expect(await get(C30)).toEqual([
      expect.objectContaining({
        density: 2.35,
        density_source: '供应商配合比实测',
        density_verification: 'V',
        default_distance: 40,
        quality: 'standard',
      }),
    ]);
    expect((await get('混凝土砖（240mm×115mm×90mm）'))[0]).toMatchObject({
      density: null,
      density_verification: 'U',
      default_distance: 500,
    });
    expect((await get('天然气'))[0]).toMatchObject({ energy: 'naturalGas', quality: 'standard' });
    expect((await get('江苏'))[0]).toMatchObject({ energy: 'electricity', quality: 'database' });
    expect((await get(WINDOW))[0].remarks).toMatch(/^密度暂无可靠数值（U）：/);
    expect((await get('铝塑共挤窗'))[0].remarks).toBe('管理员备注');
    expect(await get(C30, 'tenant')).toEqual([
      expect.objectContaining({ density: null, default_distance: null, quality: null }),
    ]);

    // once: a value cleared after the upgrade stays cleared at the next start
    await sql`update ${lib} set default_distance = null where name = ${C30} and tenant_id is null`.execute(db);
    expect(await db.transaction().execute((trx) => upgradeFactorDetails(trx, seedFactorUpgrades))).toBe(0);
    expect((await get(C30))[0].default_distance).toBeNull();
  });

  it('a database seeded before the supplement gets its materials once, with their details; one kept is not doubled', async () => {
    const db = database.db;
    const names = seedSupplement().map((f) => f.name);
    expect(names.length).toBeGreaterThan(0);
    const count = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from ${lib} where tenant_id is null and name in (${sql.join(names)})`.execute(db)
        ).rows[0].n,
      );
    // a fresh database has them from the first seed
    expect(await count()).toBe(names.length);
    await sql`delete from ${lib} where tenant_id is null and name in (${sql.join(names.slice(1))})`.execute(db);
    await sql`delete from schema_migrations where id = ${SUPPLEMENT_MARKER}`.execute(db);
    expect(await db.transaction().execute((trx) => upgradeSupplementMaterials(trx, seedSupplement))).toBe(
      names.length - 1,
    );
    expect(await count()).toBe(names.length);
    expect((await get('针叶材锯材'))[0]).toMatchObject({ quality: 'database', default_distance: 500 });
    expect(await db.transaction().execute((trx) => upgradeSupplementMaterials(trx, seedSupplement))).toBe(0);
  });

  it('a database seeded before the Chinese-source materials gets them once, with their details; one kept is not doubled', async () => {
    const db = database.db;
    const names = seedSupplement(FACTOR_FILES.cn).map((f) => f.name);
    expect(names.length).toBe(2);
    const count = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from ${lib} where tenant_id is null and name in (${sql.join(names)})`.execute(db)
        ).rows[0].n,
      );
    // a fresh database has them from the first seed, and its marker, so its next start adds nothing
    expect(await count()).toBe(names.length);
    expect(
      (await sql`select id from schema_migrations where id = ${CN_MATERIALS_MARKER}`.execute(db)).rows,
    ).toHaveLength(1);
    await sql`delete from ${lib} where tenant_id is null and name in (${sql.join(names.slice(1))})`.execute(db);
    await sql`delete from schema_migrations where id = ${CN_MATERIALS_MARKER}`.execute(db);
    // only this file's step runs: the supplement's marker is still there
    expect(await db.transaction().execute((trx) => upgradeSupplementMaterials(trx, seedSupplement))).toBe(
      names.length - 1,
    );
    expect(await count()).toBe(names.length);
    expect((await get(names[1]))[0]).toMatchObject({
      quality: 'estimate',
      default_distance: 500,
      density: 0.0307,
      density_verification: 'D',
    });
    // once: a row deleted after the upgrade is not brought back
    await sql`delete from ${lib} where tenant_id is null and name = ${names[1]}`.execute(db);
    expect(await db.transaction().execute((trx) => upgradeSupplementMaterials(trx, seedSupplement))).toBe(0);
    expect(await count()).toBe(names.length - 1);
  });
});
