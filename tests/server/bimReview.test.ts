// The pre-flight's plausibility review and what the import does with it. A material family's total per m² of the
// model's floor area above its ceiling (src/server/imports/ranges.csv) is a problem under its largest
// material's largest element; an import touching a material with review problems is refused until confirmed, and the
// answer names them; rows whose volumes came from the geometry carry the data quality 估算.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FloorArea, MaterialTotal } from '../../src/server/bim/model';
import { overCeilings, readCeilings } from '../../src/server/imports/perArea';
import { writeIfc, type ElementSpec } from '../fixtures/bim/ifcWriter';
import { buildingBody, ENG, engineeringBody, libraryFactor, PROJECT } from './builders';
import { upload } from './files';
import { testApp, type TestApp } from './helpers';

const total = (name: string, over: Partial<MaterialTotal>): MaterialTotal => ({
  name,
  elements: 1,
  volume: 0,
  area: 0,
  weight: 0,
  fromGeometry: 0,
  density: null,
  globalIds: [],
  ...over,
});

describe('material totals per m² of floor area', () => {
  const floor = { value: 100, basis: '楼板面积之和' };
  const over = (materials: MaterialTotal[], f: FloorArea = floor) => overCeilings(materials, f);

  it('every family of the review has a ceiling with its basis and source; a mass ceiling its density', () => {
    const table = readCeilings();
    const families = table.flatMap((c) => c.families);
    for (const f of [
      '*',
      'aluminium',
      'copper',
      'glass',
      'insulation',
      'timber',
      'masonry',
      'mortar',
      'concrete',
      'steel',
    ])
      expect(families).toContain(f);
    expect(table.every((c) => c.source.length > 40 && ['公开用量', '物理上限'].includes(c.basis))).toBe(true);
    expect(table.filter((c) => c.measure === 'mass').every((c) => c.density! > 0 && c.unit === 'kg/m²')).toBe(true);
    // a row the review could not use is refused when the table is read
    const head = 'family,label,measure,max,unit,density,basis,source\n';
    expect(readCeilings(`${head}aluminium,铝,mass,30,kg/m²,2.7,物理上限,来源`)[0]).toMatchObject({
      families: ['aluminium'],
      max: 30,
      density: 2.7,
    });
    expect(() => readCeilings(`${head}aluminium,铝,mass,30,kg/m²,,物理上限,来源`)).toThrow(
      'ranges.csv aluminium: a mass ceiling needs a density in t/m³',
    );
    expect(() => readCeilings(`${head}unobtainium,铝,volume,1,m³/m²,,物理上限,来源`)).toThrow(
      'unobtainium is not a family of the taxonomy',
    );
    expect(() => readCeilings(`${head}timber,木材,volume,1,kg/m²,,物理上限,来源`)).toThrow(
      'measure volume with unit m³/m², or mass with unit kg/m²',
    );
    expect(() => readCeilings(`${head}timber,木材,volume,1,m³/m²,,猜的,来源`)).toThrow('basis is 公开用量 or 物理上限');
  });

  it('a family is summed over its materials and its kinds: concrete 90 + 70 m³, insulation 70 + 60 m³', () => {
    // concrete: (90 + 70) m³ ÷ 100 m² = 1.60 m³/m² > 1.5, though each alone is within
    // insulation: Rigid insulation (保温材料) 70 m³ + Mineral wool (矿物棉, a 保温材料) 60 m³ = 130 m³ → 1.30 > 1.2
    const out = over([
      total('混凝土 C30', { volume: 90 }),
      total('Rigid insulation', { volume: 70 }),
      total('C35/45', { volume: 70 }),
      total('Mineral wool', { volume: 60 }),
    ]);
    expect(out.map((o) => o.materials)).toEqual([
      ['混凝土 C30', 'C35/45'],
      ['Rigid insulation', 'Mineral wool'],
    ]);
    expect(out[0].message).toContain(
      '混凝土：「混凝土 C30」90.00 m³，「C35/45」70.00 m³，合计 160.00 m³ ÷ 楼面面积 100.00 m²（楼板面积之和）= 1.60 m³/m²，超过混凝土上限 1.50 m³/m²（公开用量：',
    );
    expect(out[1].message).toContain(
      '合计 130.00 m³ ÷ 楼面面积 100.00 m²（楼板面积之和）= 1.30 m³/m²，超过保温材料上限 1.20 m³/m²（物理上限：',
    );
    // 80 + 60 = 140 m³ → 1.40 ≤ 1.5: fine
    expect(over([total('混凝土 C30', { volume: 80 }), total('C35/45', { volume: 60 })])).toEqual([]);
  });

  it("a mass ceiling takes the weight, else volume × the model's, the bulk table's or the ceiling's density", () => {
    // steel by the bulk table (钢 78.5 kN/m³): 3 m³ × 7 850 kg/m³ = 23 550 kg ÷ 100 = 235.50 kg/m² > 225
    expect(over([total('Metal - Steel - 345 MPa', { volume: 3 })])[0].message).toContain(
      '「Metal - Steel - 345 MPa」3.00 m³ × 7,850.00 kg/m³ = 23,550.00 kg ÷ 楼面面积 100.00 m²（楼板面积之和）= 235.50 kg/m²，超过钢材上限 225.00 kg/m²',
    );
    // S355 is in no bulk table row: the ceiling's 7.85 t/m³ — 2.8 m³ → 21 980 kg → 219.80 ≤ 225: fine
    expect(over([total('S355', { volume: 2.8 })])).toEqual([]);
    // copper 0.3 m³ × 8 900 kg/m³ = 2 670 kg → 26.70 kg/m² > 25; with the model's own 8.0 t/m³: 2 400 kg → 24.00: fine
    expect(over([total('Copper', { volume: 0.3 })])[0].message).toContain(
      '= 26.70 kg/m²，超过铜及铜合金上限 25.00 kg/m²',
    );
    expect(over([total('Copper', { volume: 0.3, density: 8 })])).toEqual([]);
    // glass by its weight: 17 920 kg → 179.20 kg/m² > 170
    expect(over([total('Glass', { volume: 1, weight: 17_920 })])[0].message).toContain(
      '「Glass」17,920.00 kg ÷ 楼面面积 100.00 m²（楼板面积之和）= 179.20 kg/m²，超过玻璃上限 170.00 kg/m²',
    );
  });

  it('timber, masonry and mortar by volume; a material of no family against the ceiling for any material', () => {
    // timber 101 m³ → 1.01 > 1.0; Brick (烧结砖 → 砖 → 砌体) 60 + Concrete Block (混凝土砌块 → 砌体) 45 = 105 → 1.05 > 1.0;
    // mortar 51 → 0.51 > 0.5; a name of no family 310 m³ → 3.10 > 3.0 and another 290 → 2.90: fine
    const out = over([
      total('Timber', { volume: 101 }),
      total('Brick', { volume: 60 }),
      total('Concrete Block', { volume: 45 }),
      total('Mortar', { volume: 51 }),
      total('Werkstoff 1', { volume: 310 }),
      total('Werkstoff 2', { volume: 290 }),
    ]);
    expect(out.map((o) => [o.label, o.materials])).toEqual([
      ['木材', ['Timber']],
      ['砌体', ['Brick', 'Concrete Block']],
      ['砂浆', ['Mortar']],
      ['任一材料', ['Werkstoff 1']],
    ]);
    expect(out[1].message).toContain(
      '合计 105.00 m³ ÷ 楼面面积 100.00 m²（楼板面积之和）= 1.05 m³/m²，超过砌体上限 1.00 m³/m²',
    );
    expect(out[3].message).toContain('= 3.10 m³/m²，超过任一材料上限 3.00 m³/m²');
  });

  it('the ArchiCAD roof: 261.93 m³ of Aluminium on 2 267 m² of floor', () => {
    // 261.93 m³ × 2 700 kg/m³ (GB 50009 铝 27.0 kN/m³) = 707 211 kg ÷ 2 267 m² = 311.96 kg/m² > 30
    const [o] = over([total('Aluminium', { volume: 261.93 })], { value: 2267, basis: '楼板面积之和' });
    expect(o.materials).toEqual(['Aluminium']);
    expect(o.message).toContain(
      '「Aluminium」261.93 m³ × 2,700.00 kg/m³ = 707,211.00 kg ÷ 楼面面积 2,267.00 m²（楼板面积之和）= 311.96 kg/m²，超过铝及铝合金上限 30.00 kg/m²',
    );
  });

  it('says nothing without a floor area', () => {
    expect(overCeilings([total('混凝土 C30', { volume: 1e6 })], null)).toEqual([]);
  });
});

// ---- through the API ---------------------------------------------------------------------------------------------

let t: TestApp;
let user: string;
let b: { id: number };
let engId: number;
const BIM = '/api/tpf/v1/tpf/bim';
const STAGE = '/api/tpf/v1/tpf/stage';

/**
 * One storey, metres. The floor slab 10 × 10 × 0.2 = 20 m³ (its set says NetVolume 20, NetArea 100: the floor area
 * 100 m²); a wall 5 × 0.2 × 3 = 3 m³ whose set claims 200 m³ (more than its box); a brick wall 4 × 0.2 × 3 = 2.4 m³
 * without a quantity set (its volume from the geometry). Concrete: 20 + 200 = 220 m³ ÷ 100 m² = 2.20 m³/m² > 1.5.
 */
function absurdModel(): string {
  const elements: ElementSpec[] = [
    {
      type: 'IfcSlab',
      name: '楼板-01',
      box: { x: 0, y: 0, z: 0, dx: 10, dy: 10, dz: 0.2 },
      material: { single: '混凝土 C30' },
      quantities: {
        set: 'Qto_SlabBaseQuantities',
        values: [
          ['NetVolume', 'volume', 20],
          ['NetArea', 'area', 100],
        ],
      },
    },
    {
      type: 'IfcWall',
      name: '外墙-01',
      box: { x: 0, y: 0, z: 0.2, dx: 5, dy: 0.2, dz: 3 },
      material: { single: '混凝土 C30' },
      quantities: { set: 'Qto_WallBaseQuantities', values: [['NetVolume', 'volume', 200]] },
    },
    {
      type: 'IfcWall',
      name: '内墙-01',
      box: { x: 0, y: 5, z: 0.2, dx: 4, dy: 0.2, dz: 3 },
      material: { single: '黏土空心砖' },
    },
  ];
  return writeIfc({
    fileName: '不合理模型.ifc',
    schema: 'IFC4',
    units: { length: 'm' },
    storeys: [{ name: '首层', elevation: 0, elements }],
  });
}

async function parsed(text: string, projectId = b.id, name = '不合理模型.ifc') {
  const r = await upload(t, BIM, user, { projectId }, { name, content: new TextEncoder().encode(text) });
  expect(r.status).toBe(200);
  const jobId = r.body.data.jobId ?? r.body.data.job.id;
  for (let i = 0; i < 600; i++) {
    const j = await t.call('GET', `/api/sys/v1/job/${jobId}`, user);
    if (j.body.data.state !== 'running' && j.body.data.state !== 'queued') break;
    await new Promise((res) => setTimeout(res, 100));
  }
  return { jobId, model: (await t.call('GET', `${BIM}/${jobId}?pageSize=500`, user)).body.data.model };
}

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody())).body.data;
  engId = eng.id;
  b = (
    await t.call(
      'POST',
      `${PROJECT}/`,
      user,
      buildingBody(eng.id, { useDateLimit: 50, buildArea: 1000, standard: 'GB', menus: 'produce,build,runtime' }),
    )
  ).body.data;
});
afterAll(() => t.close());

describe('the review in the pre-flight and the import', () => {
  it('lists the problems with GlobalIds, asks to confirm the import of their materials and names them; geometry volumes are 估算', async () => {
    const { jobId, model } = await parsed(absurdModel());
    expect(model.floorArea.value).toBeCloseTo(100, 6);
    const kinds = model.problems.list.map((p: { kind: string; name: string }) => `${p.name}:${p.kind}`);
    expect(kinds).toEqual(
      expect.arrayContaining(['外墙-01:volumeOverBox', '材料「混凝土 C30」:materialPerArea', '内墙-01:fromGeometry']),
    );
    const perArea = model.problems.list.find((p: { kind: string }) => p.kind === 'materialPerArea');
    // listed under its largest element, the wall of 200 m³
    expect(perArea.globalId).toBe(model.problems.list.find((p: { name: string }) => p.name === '外墙-01').globalId);
    expect(perArea.message).toContain('220.00 m³ ÷ 楼面面积 100.00 m²');
    expect(perArea.message).toContain('= 2.20 m³/m²');
    // the review's problems come first and are counted
    expect(model.counts.review).toBeGreaterThanOrEqual(2);
    expect(model.problems.list[0].kind).not.toBe('fromGeometry');
    const concrete = model.materials.find((m: { name: string }) => m.name === '混凝土 C30');
    expect(concrete.review).toBeGreaterThanOrEqual(2);
    expect(model.materials.find((m: { name: string }) => m.name === '黏土空心砖').review).toBe(0);

    const c30 = await libraryFactor(t, user, 'C30混凝土');
    const brick = await libraryFactor(t, user, '黏土空心砖（240mm×115mm×53mm）');
    const body = {
      jobId,
      projectId: b.id,
      mode: 'append',
      mappings: [{ ifcMaterial: '混凝土 C30', factorId: c30.id }],
    };
    // not confirmed: refused naming the problems, nothing saved
    const refused = await t.call('POST', `${BIM}/import`, user, body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(
      /^所选材料有 \d+ 个待确认的问题（.*体积大于构件包围盒体积 1 个.*材料用量超出单位建筑面积的合理范围 1 个.*），请核对预检报告的问题清单后确认导入$/,
    );
    const produce = async () =>
      (await t.call('GET', `${STAGE}/produce/?projectId=${b.id}&pageSize=-1`, user)).body.data.dataList as Record<
        string,
        unknown
      >[];
    expect(await produce()).toEqual([]);

    // a material without problems needs no confirmation; its geometry volume makes the row 估算
    const clean = await t.call('POST', `${BIM}/import`, user, {
      ...body,
      mappings: [{ ifcMaterial: '黏土空心砖', factorId: brick.id }],
    });
    expect(clean.status).toBe(200);
    const [row] = await produce();
    // 4 × 0.2 × 3 = 2.4 m³
    expect(row).toMatchObject({
      materialName: '黏土空心砖（240mm×115mm×53mm）',
      quantity: 2.4,
      quality: 'estimate',
      qualityRef: 'BIM几何估算体积（1/1 个构件）',
    });

    // confirmed: imported, and the answer names what was confirmed
    const confirmed = await t.call('POST', `${BIM}/import`, user, { ...body, confirmProblems: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.warnings[0]).toMatch(
      /^已确认导入有问题的构件：.*体积大于构件包围盒体积 1 个.*，请核对建材生产数据$/,
    );
  });
});

/**
 * The ArchiCAD model's roof: 21 roof slabs of the single material `Aluminium`, 261.93 m³ in all (20 slabs of
 * 10 × 4.16 × 0.3 = 12.48 m³ and one of 10 × 4.11 × 0.3 = 12.33 m³: 249.6 + 12.33 = 261.93 m³), over one floor
 * slab of Stahlbeton 50 × 45.34 × 0.2 m (NetArea 2 267 m², the model's floor area; 453.4 m³). The floor area is
 * chosen so the figure is the real model's: 261.93 m³ × 2.7 t/m³ (GB 50009 铝 27.0 kN/m³) = 707.211 t = 707 211 kg
 * ÷ 2 267 m² = 311.96 kg/m² ≈ 312, ten times aluminium's ceiling of 30 kg/m².
 */
function aluminiumRoof(): string {
  const roof = Array.from({ length: 21 }, (_, i): ElementSpec => {
    const dy = i < 20 ? 4.16 : 4.11;
    const volume = Math.round(10 * dy * 0.3 * 1e4) / 1e4;
    return {
      type: 'IfcSlab',
      predefined: 'ROOF',
      name: `Dach-${i + 1}`,
      box: { x: 0, y: i * 4.16, z: 3, dx: 10, dy, dz: 0.3 },
      material: { single: 'Aluminium' },
      quantities: {
        set: 'Qto_SlabBaseQuantities',
        values: [
          ['NetVolume', 'volume', volume],
          ['NetArea', 'area', 10 * dy],
        ],
      },
    };
  });
  const floor: ElementSpec = {
    type: 'IfcSlab',
    predefined: 'FLOOR',
    name: 'Decke EG',
    box: { x: 0, y: 0, z: 0, dx: 50, dy: 45.34, dz: 0.2 },
    material: { single: 'Stahlbeton' },
    quantities: {
      set: 'Qto_SlabBaseQuantities',
      values: [
        ['NetVolume', 'volume', 453.4],
        ['NetArea', 'area', 2267],
      ],
    },
  };
  return writeIfc({
    fileName: 'Aluminiumdach.ifc',
    schema: 'IFC4',
    units: { length: 'm' },
    storeys: [{ name: 'Erdgeschoss', elevation: 0, elements: [floor, ...roof] }],
  });
}

describe("an aluminium roof like the ArchiCAD model's", () => {
  it('is flagged naming Aluminium, its figure and the ceiling; refused unconfirmed, imported confirmed; 合理性检查 names the aluminium', async () => {
    const roofed = (
      await t.call(
        'POST',
        `${PROJECT}/`,
        user,
        buildingBody(engId, { name: '铝屋面楼', code: 'AL-1', buildArea: 2267, useDateLimit: 50, menus: 'produce' }),
      )
    ).body.data;
    const { jobId, model } = await parsed(aluminiumRoof(), roofed.id, 'Aluminiumdach.ifc');
    expect(model.floorArea.value).toBeCloseTo(2267, 6);
    const perArea = model.problems.list.filter((p: { kind: string }) => p.kind === 'materialPerArea');
    expect(perArea).toHaveLength(1);
    expect(perArea[0].name).toBe('材料「Aluminium」');
    expect(perArea[0].message).toMatch(
      /^材料用量超出单位建筑面积的合理范围：「Aluminium」261\.93 m³ × 2,700\.00 kg\/m³ = 707,211\.00 kg ÷ 楼面面积 2,267\.00 m²（.*）= 311\.96 kg\/m²，超过铝及铝合金上限 30\.00 kg\/m²（物理上限：/,
    );
    // the concrete slab: 453.4 m³ ÷ 2 267 m² = 0.20 m³/m² ≤ 1.5
    expect(model.materials.map((m: { name: string; review: number }) => [m.name, m.review])).toEqual([
      ['Stahlbeton', 0],
      ['Aluminium', 1],
    ]);

    const [aluminium, c30] = [
      await libraryFactor(t, user, '电解铝（全国平均电网电力）'),
      await libraryFactor(t, user, 'C30混凝土'),
    ];
    const body = {
      jobId,
      projectId: roofed.id,
      mode: 'append',
      mappings: [
        { ifcMaterial: 'Aluminium', factorId: aluminium.id },
        { ifcMaterial: 'Stahlbeton', factorId: c30.id },
      ],
    };
    const refused = await t.call('POST', `${BIM}/import`, user, body);
    expect([refused.status, refused.body.message]).toEqual([
      400,
      '所选材料有 1 个待确认的问题（材料用量超出单位建筑面积的合理范围 1 个），请核对预检报告的问题清单后确认导入',
    ]);
    const produce = async () =>
      (await t.call('GET', `${STAGE}/produce/?projectId=${roofed.id}&pageSize=-1`, user)).body.data.dataList as Record<
        string,
        unknown
      >[];
    expect(await produce()).toEqual([]);

    const confirmed = await t.call('POST', `${BIM}/import`, user, { ...body, confirmProblems: true });
    expect(confirmed.status).toBe(200);
    const warnings = confirmed.body.data.warnings as string[];
    expect(warnings[0]).toBe('已确认导入有问题的构件：材料用量超出单位建筑面积的合理范围 1 个，请核对建材生产数据');
    // 261.93 m³ × 2.7 t/m³ (the bulk table's 铝) = 707.211 t; 453.4 m³ of C30
    expect((await produce()).map((r) => [r.materialName, r.unit, r.quantity])).toEqual(
      expect.arrayContaining([
        ['电解铝（全国平均电网电力）', 't', 707.211],
        ['C30混凝土', 'm3', 453.4],
      ]),
    );
    // 合理性检查: 707.211 t × 20 300 kgCO2e/t = 14 356 383.3 kg; 453.4 m³ × 295 = 133 753 kg; together 14 490 136.3 kg
    // ÷ 2 267 m² = 6 391.77 kgCO2e/m², above both residential embodied lines (372.4–525.9 and 350–550); the aluminium
    // is 14 356 383.3 ÷ 14 490 136.3 = 99.08 % of 建材生产 → 99 %
    const embodied = warnings.filter((w) => w.startsWith('合理性检查：隐含碳排放强度 6,391.77 kgCO2e/m² 高于参考范围'));
    expect(embodied).toHaveLength(2);
    for (const w of embodied)
      expect(w.endsWith('；主要来源：电解铝（全国平均电网电力）（707.21 t）占建材生产 99%')).toBe(true);
  });
});
