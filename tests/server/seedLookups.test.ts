// Seed lookup tables (tpf3Lookup, 参数表管理): every row validates against the schema, the counts per table match
// the CSV rows mapped, a few values are checked by hand against the researched tables, and no row without a
// number claims a verified mark.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../schemas/validation';
import { LOOKUP_TABLES, tpf3Lookup } from '../../schemas/factors/tpf3Lookup';
import { conservative, LOOKUP_FILES, LOOKUP_SKIPPED, loadSeedLookups } from '../../src/server/db/seed/lookups';
import { seedDictionaries } from '../../src/server/db/seed/dictionaries';
import { seed } from '../../src/server/seed/seed';
import { testApp, type TestApp } from './helpers';

const dataDir = new URL('../../src/server/db/seed/data/', import.meta.url);
type Row = Record<string, string>;
const csv = (file: string): Row[] =>
  Papa.parse<Row>(readFileSync(new URL(file, dataDir), 'utf8'), { header: true, skipEmptyLines: 'greedy' }).data;
const csvRows = (file: string): number => csv(file).length;
const skipped = (file: string): number => LOOKUP_SKIPPED.filter((s) => s.file === file).length;

const lookups = loadSeedLookups();
const inTable = (table: string) => lookups.filter((l) => l.table === table);
const find = (table: string, name: string, spec?: string) =>
  lookups.filter((l) => l.table === table && l.name === name && (spec === undefined || l.spec.includes(spec)));

describe('seed lookups', () => {
  it('every row validates against tpf3Lookup', () => {
    const validate = createAjv().compile(tpf3Lookup);
    const bad = lookups
      .filter((l): boolean => !validate(l))
      .map((l) => `${l.table}/${l.name}: ${JSON.stringify(validate.errors)}`);
    expect(bad).toEqual([]);
  });

  it('the CSV copies are the researched tables, unchanged', () => {
    for (const file of Object.values(LOOKUP_FILES)) {
      const shared = new URL(`../../../shared/factors/${file}`, import.meta.url);
      let original: string;
      try {
        original = readFileSync(shared, 'utf8');
      } catch {
        continue; // ../shared exists for developers and CI only
      }
      expect(readFileSync(new URL(file, dataDir), 'utf8'), file).toBe(original);
    }
  });

  it('counts per table match the CSV rows mapped', () => {
    const vdi = csv(LOOKUP_FILES.vdi4707);
    const vdiCount = (table: string) => vdi.filter((r) => r.table === table).length;
    const pv = csv(LOOKUP_FILES.pv);
    const elevator = csv(LOOKUP_FILES.elevator);

    expect(inTable('shading')).toHaveLength(csvRows(LOOKUP_FILES.shading));
    expect(inTable('hvacSource')).toHaveLength(csvRows(LOOKUP_FILES.hvac));
    expect(inTable('heatRecovery')).toHaveLength(csvRows(LOOKUP_FILES.heatRecovery));
    // one row per class A–G and scale: VDI 4707 travel + standby classes; ISO 25745-2 running + idle/standby classes
    expect(vdiCount('vdi4707_travel_class')).toBe(7);
    expect(vdiCount('vdi4707_standby_class')).toBe(7);
    expect(vdiCount('iso25745_2_running_class')).toBe(6);
    expect(elevator.filter((r) => r.table === 'iso25745_2_idle_standby_class')).toHaveLength(7);
    expect(inTable('elevatorClass')).toHaveLength(14);
    expect(inTable('elevatorUsage')).toHaveLength(vdiCount('usage_category'));
    // every lookup_elevator.csv row is either an ISO standby class or skipped on purpose
    expect(elevator.length).toBe(7 + skipped(LOOKUP_FILES.elevator));
    expect(inTable('pvModule').length + inTable('pvOrientation').length).toBe(pv.length - skipped(LOOKUP_FILES.pv));
    expect(inTable('pvOrientation')).toHaveLength(pv.filter((r) => r.item === 'orientation_tilt').length);
    // the solar-fraction row lists four resource zones, seeded as four rows
    expect(inTable('dhwHeater')).toHaveLength(csvRows(LOOKUP_FILES.dhw) + 3);
    expect(inTable('windRoughness')).toHaveLength(csvRows(LOOKUP_FILES.wind));
    expect(inTable('constructionMachine')).toHaveLength(csvRows(LOOKUP_FILES.machines));
    expect(inTable('demolition')).toHaveLength(csvRows(LOOKUP_FILES.construction) - skipped(LOOKUP_FILES.construction));

    // The tables as copied.
    expect(LOOKUP_TABLES.map((t) => inTable(t).length)).toEqual([10, 190, 9, 14, 5, 10, 3, 18, 4, 163, 19]);
    expect(lookups).toHaveLength(445);
  });

  it('hand-checked values', () => {
    // JGJ 134-style SD table (V): fixed louvres that fully block direct sun
    expect(find('shading', '可完全遮挡直射阳光的固定百叶、固定挡板、遮阳板')).toEqual([
      expect.objectContaining({ value: 0.5, unit: '-', verification: 'V' }),
    ]);
    expect(find('shading', '无外遮阳')[0]).toMatchObject({ value: 1, verification: 'D' });
    // the JGJ 75 variant is recalled: stays M
    expect(find('shading', '可完全覆盖窗的不透明活动百叶、金属卷帘')[0]).toMatchObject({
      value: 0.5,
      verification: 'M',
    });

    // VDI 4707 class A: 0.56 mWh/(kg·m), 50 W standby (recalled: M)
    expect(find('elevatorClass', 'VDI 4707 A 级')).toEqual([
      expect.objectContaining({ value: 0.56, unit: 'mWh/(kg·m)', value2: 50, unit2: 'W', verification: 'M' }),
    ]);
    expect(find('elevatorClass', 'ISO 25745-2 C 级')[0]).toMatchObject({ value: 1.62, value2: 200, verification: 'M' });
    // class G has no upper bound: no number, U
    expect(find('elevatorClass', 'VDI 4707 G 级')[0]).toMatchObject({ value: null, value2: null, verification: 'U' });
    expect(find('elevatorClass', 'VDI 4707 G 级')[0].remarks).toContain('>4.20');
    expect(find('elevatorUsage', '使用类别 3（中）')[0]).toMatchObject({
      value: 1.5,
      value2: 22.5,
      unit: 'h/d',
      verification: 'V',
    });

    // GB 50189-2015 表4.2.10 (recalled): water-cooled screw ≤528 kW, 夏热冬冷 COP 4.80
    expect(find('hvacSource', '冷水(热泵)机组 定频 水冷 螺杆式', '制冷量 CC≤528 kW；夏热冬冷；COP')).toEqual([
      expect.objectContaining({ value: 4.8, unit: 'W/W', verification: 'M' }),
    ]);
    // superseded GB 50189-2005 screw 528–1163 kW COP 4.30 is verified
    expect(find('hvacSource', '冷水(热泵)机组（已废止标准） 螺杆式 水冷', '528~1163 kW；COP')[0]).toMatchObject({
      value: 4.3,
      verification: 'V',
    });
    // a range of a minimum efficiency → its lower bound, original text kept
    const oilBoiler = find('hvacSource', '锅炉 燃油燃气锅炉 重油')[0];
    expect(oilBoiler).toMatchObject({ value: 86, unit: '%', verification: 'M' });
    expect(oilBoiler.remarks).toContain('原表取值：86–88');
    // η1 / η2 → value / value2
    expect(find('hvacSource', '户式燃气供暖热水炉/燃气热水器 2级能效')[0]).toMatchObject({
      value: 89,
      value2: 85,
      unit2: '%',
    });
    expect(find('hvacSource', '冷源系统 电冷源综合制冷性能系数 SCOP')[0]).toMatchObject({
      value: null,
      verification: 'U',
    });

    // heat recovery: value = cooling, value2 = heating; '≥60' → 60
    expect(find('heatRecovery', '热回收新风机组/热交换器 (GB/T 21087-2007 minimum)', '温度交换效率')[0]).toMatchObject({
      value: 60,
      value2: 70,
      verification: 'M',
    });

    // PV: efficiencies take the lower bound, losses and degradation the upper one
    expect(find('pvModule', '多晶硅')[0]).toMatchObject({ value: 16, unit: '%', verification: 'M' });
    expect(find('pvModule', '系统损失率 K_S')[0]).toMatchObject({ value: 0.25, verification: 'M' });
    expect(find('pvModule', '首年后年均衰减率')[0]).toMatchObject({ value: 0.7, unit: '%/a' });
    expect(inTable('pvOrientation').every((r) => r.value === null && r.verification === 'U')).toBe(true);

    // hot water: verified air-source heat-pump COP; solar fraction per resource zone; η_L (a loss) upper bound
    expect(find('dhwHeater', '空气源热泵热水机 普通型 (一次加热式/循环加热式)')[0]).toMatchObject({
      value: 4.4,
      unit: 'W/W',
      verification: 'V',
    });
    expect(find('dhwHeater', '太阳能热水 + 辅助热源').map((r) => [r.spec, r.value])).toEqual([
      ['太阳能保证率 资源区 I', 60],
      ['太阳能保证率 资源区 II', 50],
      ['太阳能保证率 资源区 III', 40],
      ['太阳能保证率 资源区 IV', 30],
    ]);
    expect(find('dhwHeater', '太阳能热水系统')[0]).toMatchObject({ value: 0.3 });

    expect(find('windRoughness', 'C 类地面粗糙度')[0]).toMatchObject({
      value: 0.22,
      value2: 0.3,
      unit2: 'm',
      verification: 'M',
    });

    // GB/T 51366 App. C (recalled): 1 m³ excavator 63.00 kg diesel, 400 t·m tower crane 164.31 kWh per shift
    expect(find('constructionMachine', '履带式单斗液压挖掘机', '斗容量 1 m3')[0]).toMatchObject({
      value: 63,
      unit: '柴油 kg/台班',
      verification: 'M',
    });
    expect(find('constructionMachine', '自升式塔式起重机', '400 t·m')[0]).toMatchObject({
      value: 164.31,
      unit: '电 kWh/台班',
      verification: 'M',
    });
    expect(find('constructionMachine', '载重汽车', '4 t')[0]).toMatchObject({ value: 25.48, unit: '汽油 kg/台班' });
    expect(find('constructionMachine', '静力压桩机', '900 kN')[0]).toMatchObject({ value: null, verification: 'U' });

    expect(find('demolition', '1 台班工作时长')[0]).toMatchObject({ value: 8, unit: 'h', verification: 'M' });
    expect(find('demolition', '全国建筑施工阶段能耗（2020）')[0]).toMatchObject({
      value: 0.9,
      unit: '亿tce',
      verification: 'V',
    });
    // 'same' repeats the source of the row above
    expect(find('demolition', '全国建材生产阶段能耗（2020）')[0].source).toContain('aaachina.org');
    expect(find('demolition', '江苏导则 拆除比例系数')[0]).toMatchObject({ value: null, verification: 'U' });
  });

  it('a row without a number is U and says so; an M value keeps M', () => {
    for (const l of lookups.filter((x) => x.value === null && x.value2 === null)) {
      expect(l.verification, `${l.table}/${l.name}`).toBe('U');
      expect(l.remarks, `${l.table}/${l.name}`).toContain('暂无权威数值');
    }
    // every App. C value the table gives is recalled (M), never shown as verified
    const machines = inTable('constructionMachine');
    expect(machines.filter((m) => m.value !== null).every((m) => m.verification === 'M')).toBe(true);
    expect(machines.filter((m) => m.value !== null)).toHaveLength(114);
    expect(lookups.every((l) => l.source.length > 0)).toBe(true);
  });

  it('conservative(): lower bound of efficiencies and minimums, upper bound of losses and class limits', () => {
    expect(conservative('4.10', 'low')).toBe(4.1);
    expect(conservative('86–88', 'low')).toBe(86);
    expect(conservative('0.15–0.25', 'high')).toBe(0.25);
    expect(conservative('≥60', 'low')).toBe(60);
    expect(conservative('≤50', 'high')).toBe(50);
    expect(conservative('>1600', 'high')).toBeNull();
    expect(conservative('', 'low')).toBeNull();
    expect(() => conservative('about 5', 'low')).toThrow(/cannot read a number/);
  });

  it('the lookupTable dictionary labels every table code', () => {
    const dict = seedDictionaries.find((d) => d.dictCode === 'lookupTable')!;
    expect(dict.items.map((i) => i.value)).toEqual([...LOOKUP_TABLES]);
    expect(dict.items.find((i) => i.value === 'constructionMachine')?.label).toBe('施工机械台班能耗');
  });
});

describe('seeded lookups in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const count = async () =>
    (
      await sql<{
        n: number;
        system: number;
      }>`select count(*)::int as n, count(*) filter (where tenant_id is null)::int as system from tpf3_lookup`.execute(
        t.database.db,
      )
    ).rows[0];

  it('are system rows every user can read, filtered by table', async () => {
    expect(await count()).toEqual({ n: 445, system: 445 });
    const token = await t.login('demo_user');
    const r = await t.call('GET', '/api/tpf/v1/tpf/tpf3Lookup/?pageNum=1&pageSize=-1&table=elevatorClass', token);
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(14);
    expect(r.body.data.dataList.find((x: { name: string }) => x.name === 'VDI 4707 A 级')).toMatchObject({
      table: 'elevatorClass',
      value: 0.56,
      value2: 50,
      verification: 'M',
      tenantId: null,
    });
    const u = await t.call(
      'GET',
      '/api/tpf/v1/tpf/tpf3Lookup/?pageNum=1&pageSize=10&table=constructionMachine&verification=U',
      token,
    );
    expect(u.body.data.total).toBe(49);
    // a plain user cannot change them
    const post = await t.call('POST', '/api/tpf/v1/tpf/tpf3Lookup/', token, { table: 'shading', name: 'x' });
    expect(post.status).toBe(403);
  });

  it('reach a database seeded before they existed, once', async () => {
    await sql`delete from tpf3_lookup`.execute(t.database.db);
    expect((await count()).n).toBe(0);
    expect((await seed(t.database.db, { print: () => {} })).seeded).toBe(false);
    expect(await count()).toEqual({ n: 445, system: 445 });
    await seed(t.database.db, { print: () => {} });
    expect((await count()).n).toBe(445);
  });
});

describe('placeholders', () => {
  it('a value the research calls a placeholder is not seeded as a number (燃气锅炉 0.90 from a template pre-fill)', () => {
    const boiler = loadSeedLookups().find((r) => r.table === 'dhwHeater' && r.name.startsWith('燃气锅炉'))!;
    expect(boiler).toMatchObject({ value: null, value2: null, verification: 'U' });
    expect(boiler.remarks).toContain('原表数值 0.9 为模板占位值');
    expect(
      loadSeedLookups().filter(
        (r) => /placeholder/i.test(`${r.remarks} ${r.source}`) && (r.value !== null || r.value2 !== null),
      ),
    ).toEqual([]);
  });
});
