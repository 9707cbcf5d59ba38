// Issue 22 §3: the pre-flight's plausibility review and what the import does with it. A material's total per m²
// of the model's floor area above its ceiling (src/server/bim/review/ranges.csv) is a problem under its largest
// element; an import touching a material with review problems is refused until confirmed, and the answer names
// them; rows whose volumes came from the geometry carry the data quality 估算.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaterialTotal } from '../../src/server/bim/model';
import { overCeilings, readCeilings } from '../../src/server/bim/review/perArea';
import { writeIfc, type ElementSpec } from '../fixtures/bim/ifcWriter';
import { buildingBody, ENG, engineeringBody, libraryFactor, PROJECT } from './builders';
import { upload } from './files';
import { testApp, type TestApp } from './helpers';

const total = (name: string, over: Partial<MaterialTotal>): MaterialTotal => ({ name, elements: 1, volume: 0, area: 0, weight: 0, fromGeometry: 0, density: null, globalIds: [], ...over });

describe('material totals per m² of floor area', () => {
  const floor = { value: 100, basis: '楼板面积之和' };

  it('every ceiling has its source; concrete above 1.5 m³/m², steel above 225 kg/m², anything above 3 m³/m²', () => {
    const table = readCeilings();
    expect(table.every((c) => c.source.length > 20)).toBe(true);
    const out = overCeilings(
      [
        // 160 m³ ÷ 100 m² = 1.60 m³/m² > 1.5 (concrete)
        total('混凝土 C30', { volume: 160 }),
        // 140 m³ ÷ 100 = 1.40 ≤ 1.5: fine
        total('C35/45', { volume: 140 }),
        // steel given as a volume: 3 m³ × 7 850 kg/m³ = 23 550 kg ÷ 100 = 235.50 kg/m² > 225
        total('Metal - Steel - 345 MPa', { volume: 3 }),
        // 2.8 m³ × 7 850 = 21 980 kg → 219.80 kg/m² ≤ 225: fine
        total('S355', { volume: 2.8 }),
        // insulation has no family ceiling: 310 m³ ÷ 100 = 3.10 > 3.0 (any material)
        total('Rigid insulation', { volume: 310 }),
        // 290 m³ → 2.90 ≤ 3.0: fine
        total('Mineral wool', { volume: 290 }),
      ],
      floor,
    );
    expect(out.map((o) => o.material)).toEqual(['混凝土 C30', 'Metal - Steel - 345 MPa', 'Rigid insulation']);
    expect(out[0].message).toContain('160.00 m³ ÷ 楼面面积 100.00 m²（楼板面积之和）= 1.60 m³/m²，超过混凝土上限 1.50 m³/m²');
    expect(out[1].message).toContain('3.00 m³ × 7,850.00 kg/m³ = 23,550.00 kg ÷ 楼面面积 100.00 m²（楼板面积之和）= 235.50 kg/m²，超过钢材上限 225.00 kg/m²');
    expect(out[2].message).toContain('= 3.10 m³/m²，超过任一材料上限 3.00 m³/m²');
  });

  it('says nothing without a floor area', () => {
    expect(overCeilings([total('混凝土 C30', { volume: 1e6 })], null)).toEqual([]);
  });
});

// ---- through the API ---------------------------------------------------------------------------------------------

let t: TestApp;
let user: string;
let b: { id: number };
const BIM = '/api/tpf/v1/tpf/bim';
const STAGE = '/api/tpf/v1/tpf/stage';

/**
 * One storey, metres. The floor slab 10 × 10 × 0.2 = 20 m³ (its set says NetVolume 20, NetArea 100: the floor area
 * 100 m²); a wall 5 × 0.2 × 3 = 3 m³ whose set claims 200 m³ (more than its box); a brick wall 4 × 0.2 × 3 = 2.4 m³
 * without a quantity set (its volume from the geometry). Concrete: 20 + 200 = 220 m³ ÷ 100 m² = 2.20 m³/m² > 1.5.
 */
function absurdModel(): string {
  const elements: ElementSpec[] = [
    { type: 'IfcSlab', name: '楼板-01', box: { x: 0, y: 0, z: 0, dx: 10, dy: 10, dz: 0.2 }, material: { single: '混凝土 C30' }, quantities: { set: 'Qto_SlabBaseQuantities', values: [['NetVolume', 'volume', 20], ['NetArea', 'area', 100]] } },
    { type: 'IfcWall', name: '外墙-01', box: { x: 0, y: 0, z: 0.2, dx: 5, dy: 0.2, dz: 3 }, material: { single: '混凝土 C30' }, quantities: { set: 'Qto_WallBaseQuantities', values: [['NetVolume', 'volume', 200]] } },
    { type: 'IfcWall', name: '内墙-01', box: { x: 0, y: 5, z: 0.2, dx: 4, dy: 0.2, dz: 3 }, material: { single: '黏土空心砖' } },
  ];
  return writeIfc({ fileName: '不合理模型.ifc', schema: 'IFC4', units: { length: 'm' }, storeys: [{ name: '首层', elevation: 0, elements }] });
}

async function parsed(text: string) {
  const r = await upload(t, BIM, user, { projectId: b.id }, { name: '不合理模型.ifc', content: new TextEncoder().encode(text) });
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
  b = (await t.call('POST', `${PROJECT}/`, user, buildingBody(eng.id, { useDateLimit: 50, buildArea: 1000, standard: 'GB', menus: 'produce,build,runtime' }))).body.data;
});
afterAll(() => t.close());

describe('the review in the pre-flight and the import', () => {
  it('lists the problems with GlobalIds, asks to confirm the import of their materials and names them; geometry volumes are 估算', async () => {
    const { jobId, model } = await parsed(absurdModel());
    expect(model.floorArea.value).toBeCloseTo(100, 6);
    const kinds = model.problems.list.map((p: { kind: string; name: string }) => `${p.name}:${p.kind}`);
    expect(kinds).toEqual(expect.arrayContaining(['外墙-01:volumeOverBox', '材料「混凝土 C30」:materialPerArea', '内墙-01:fromGeometry']));
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
    const body = { jobId, projectId: b.id, mode: 'append', mappings: [{ ifcMaterial: '混凝土 C30', factorId: c30.id }] };
    // not confirmed: refused naming the problems, nothing saved
    const refused = await t.call('POST', `${BIM}/import`, user, body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^所选材料有 \d+ 个待确认的问题（.*体积大于构件包围盒体积 1 个.*材料用量超出单位建筑面积的合理范围 1 个.*），请核对预检报告的问题清单后确认导入$/);
    const produce = async () => (await t.call('GET', `${STAGE}/produce/?projectId=${b.id}&pageSize=-1`, user)).body.data.dataList as Record<string, unknown>[];
    expect(await produce()).toEqual([]);

    // a material without problems needs no confirmation; its geometry volume makes the row 估算
    const clean = await t.call('POST', `${BIM}/import`, user, { ...body, mappings: [{ ifcMaterial: '黏土空心砖', factorId: brick.id }] });
    expect(clean.status).toBe(200);
    const [row] = await produce();
    // 4 × 0.2 × 3 = 2.4 m³
    expect(row).toMatchObject({ materialName: '黏土空心砖（240mm×115mm×53mm）', quantity: 2.4, quality: 'estimate', qualityRef: 'BIM几何估算体积（1/1 个构件）' });

    // confirmed: imported, and the answer names what was confirmed
    const confirmed = await t.call('POST', `${BIM}/import`, user, { ...body, confirmProblems: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.warnings[0]).toMatch(/^已确认导入有问题的构件：.*体积大于构件包围盒体积 1 个.*，请核对建材生产数据$/);
  });
});
