// BIM import through the API: an IFC upload is parsed in a worker into a pre-flight report (counts, groups,
// problems, quantities per IFC material in m³/m²/kg), the materials are matched to the library, and an import
// writes 建材生产 and 建材运输 rows in one transaction and recalculates. Bad files save nothing. Fixtures:
// tests/fixtures/bim/models.ts (quantities worked by hand there). Library factors (GB/T 51366 附录D/E): C30混凝土
// 295 kgCO2e/m³ density 2.4 t/m³ default distance 40 km; C50混凝土 385 kgCO2e/m³; 普通碳钢（市场平均） 2 050
// kgCO2e/t, default distance 500 km; 重型柴油货车运输 30t 0.078 kgCO2e/(t·km).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brokenModel,
  ifcZip,
  layeredModel,
  millimetreModel,
  noElementsModel,
  noQuantityModel,
  noUnitsModel,
  notIfcFile,
  unknownSchemaModel,
} from '../fixtures/bim/models';
import { buildingBody, ENG, engineeringBody, libraryFactor, PROJECT } from './builders';
import { download, upload } from './files';
import { testApp, type TestApp } from './helpers';

let t: TestApp;
let user: string;
let other: string;
let b: { id: number };
const BIM = '/api/tpf/v1/tpf/bim';
const STAGE = '/api/tpf/v1/tpf/stage';
const enc = (s: string) => new TextEncoder().encode(s);

/** Uploads a file and follows its parse job to its end → { status, body (of the upload), job, model }. */
async function parse(name: string, content: Uint8Array, projectId = b.id, token = user) {
  const r = await upload(t, BIM, token, { projectId }, { name, content });
  if (r.status !== 200) return { status: r.status, body: r.body, job: null, model: null };
  const jobId = r.body.data.jobId ?? r.body.data.job.id;
  for (let i = 0; i < 600; i++) {
    const j = await t.call('GET', `/api/sys/v1/job/${jobId}`, token);
    if (j.body.data.state !== 'running') break;
    await new Promise((res) => setTimeout(res, 100));
  }
  const p = await t.call('GET', `${BIM}/${jobId}?pageSize=500`, token);
  return { status: r.status, body: r.body, job: p.body.data.job, model: p.body.data.model, jobId };
}

const rows = async (stage: string) =>
  (await t.call('GET', `${STAGE}/${stage}/?projectId=${b.id}&pageSize=-1`, user)).body.data.dataList as Record<
    string,
    unknown
  >[];
const material = (model: { materials: { name: string }[] }, name: string) =>
  model.materials.find((m) => m.name === name) as unknown as Record<string, unknown> & {
    suggestions: Record<string, unknown>[];
  };

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  other = await t.login('demo_admin');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody())).body.data;
  b = (
    await t.call(
      'POST',
      `${PROJECT}/`,
      user,
      buildingBody(eng.id, { useDateLimit: 50, buildArea: 1000, standard: 'GB', menus: 'produce,trans,build,runtime' }),
    )
  ).body.data;
});
afterAll(() => t.close());

describe('pre-flight', () => {
  it('a layered IFC4 model: counts, problems with GlobalIds, groups and quantities per material', async () => {
    const f = layeredModel();
    const r = await parse(f.fileName, enc(f.text));
    expect(r.job.state).toBe('done');
    const m = r.model;
    expect(m.schema).toBe('IFC4');
    expect(m.units.length).toBe('米(m)');
    expect(m.counts).toEqual({
      elements: 14,
      withoutMaterial: 1,
      withoutQuantity: 1,
      fromGeometry: 1,
      unknownUnits: 0,
      duplicateGlobalIds: 1,
      materials: 10,
      review: 0,
    });
    // every problem named: the element without material, the slab from geometry, the two duplicated ids
    const kinds = m.problems.list.map((p: { kind: string; name: string }) => `${p.name}:${p.kind}`).sort();
    expect(kinds).toEqual([
      '外墙-03:duplicateId',
      '外墙-04:duplicateId',
      '楼板-02:fromGeometry',
      '预埋件-01:noMaterial',
    ]);
    expect(m.problems.list.find((p: { kind: string }) => p.kind === 'noMaterial')).toMatchObject({
      message: '构件未关联材料',
      storey: expect.any(String),
      globalId: expect.stringMatching(/^[0-9A-Za-z_$]{22}$/),
    });
    expect(m.groups.reduce((a: number, g: { count: number }) => a + g.count, 0)).toBe(14);
    expect(new Set(m.groups.map((g: { storey: string }) => g.storey))).toEqual(new Set(['1F', '2F']));
    // 混凝土 C30: layered walls' cores (split by thickness 0.15/0.2), slabs, the type-material column — 20.085 m³
    // (fixture working in models.ts); 13 824 kg from the single-material slab's NetWeight
    for (const [name, e] of Object.entries(f.expected.materials)) {
      const got = material(m, name);
      expect(got.elements, name).toBe(e.elements);
      expect(got.volume as number, name).toBeCloseTo(e.volume, 6);
      expect(got.area as number, name).toBeCloseTo(e.area, 6);
      expect(got.weight as number, name).toBeCloseTo(e.weight, 6);
      expect(got.fromGeometry, name).toBe(e.fromGeometry);
    }
    expect(material(m, 'Q355钢').density).toBe(7.85);
    // the matcher: 混凝土 C30 → C30混凝土 first, with the quantity it would import (m³)
    expect(material(m, '混凝土 C30').suggestions[0]).toMatchObject({
      name: 'C30混凝土',
      unit: 'm3',
      basis: '体积',
      saved: false,
    });
    expect(material(m, '混凝土 C30').suggestions[0].confidence as number).toBeGreaterThanOrEqual(0.8);
    expect(material(m, '混凝土 C30').suggestions[0].quantity as number).toBeCloseTo(20.085, 6);
  });

  it('quantities in millimetres and tonnes are normalised; no quantity set → volume from the geometry', async () => {
    const mm = millimetreModel();
    const r = await parse(mm.fileName, enc(mm.text));
    expect(r.model.units).toMatchObject({
      length: '毫米(mm)',
      area: '平方毫米(mm²)',
      volume: '立方毫米(mm³)',
      mass: '吨(t)',
    });
    // 混凝土 C30 8.25 m³ (mm³ ÷ 1e9), 65 m² (mm² ÷ 1e6); Q355钢 NetWeight 0.3768 t = 376.8 kg; 砼C35 0.75 m³ by geometry
    expect(material(r.model, '混凝土 C30')).toMatchObject({
      volume: expect.closeTo(8.25, 6),
      area: expect.closeTo(65, 6),
    });
    expect(material(r.model, 'Q355钢').weight as number).toBeCloseTo(376.8, 6);
    expect(material(r.model, '砼C35')).toMatchObject({ volume: expect.closeTo(0.75, 6), fromGeometry: 1 });

    const nq = noQuantityModel();
    const g = await parse(nq.fileName, enc(nq.text));
    expect(g.model.schema).toBe('IFC2X3');
    expect(g.model.counts).toMatchObject({ elements: 8, withoutQuantity: 8, fromGeometry: 8 });
    // five boxes of 混凝土 C30: 3.6 + 2.4 + 0.48 + 0.48 + 0.75 = 7.71 m³ from their geometry
    expect(material(g.model, '混凝土 C30').volume as number).toBeCloseTo(7.71, 5);
  });

  it('an .ifczip is unpacked; the report exports to Excel; another user cannot read the job (owner only)', async () => {
    const f = layeredModel();
    const r = await parse('model.ifczip', ifcZip(f.text));
    expect(r.model.counts.elements).toBe(14);
    const x = await t.call('GET', `${BIM}/${r.jobId}/excel`, user);
    const wb = await download(t, x.body.data);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['汇总', '工程量说明', '构件分组', '问题清单', '材料']);
    expect(wb.getWorksheet('问题清单')!.rowCount).toBe(1 + 4);
    expect((await t.call('GET', `${BIM}/${r.jobId}`, other)).status).toBe(404);
  });
});

describe('bad files save nothing', () => {
  it('not IFC, truncated, unknown schema → 400 at once with the reason', async () => {
    const cases: [ReturnType<typeof notIfcFile>, string][] = [
      [notIfcFile(), '文件不是 IFC 格式（缺少 ISO-10303-21 文件头），请从设计软件导出 .ifc 或 .ifczip 文件'],
      [brokenModel(), '文件不完整（缺少 END-ISO-10303-21; 结尾），可能上传中断或导出失败，请重新导出'],
      [unknownSchemaModel(), '不支持的 IFC 版本「IFC4X3_RC2」，请导出为 IFC2X3、IFC4 或 IFC4X3_ADD2'],
    ];
    for (const [f, message] of cases) {
      const r = await parse(f.fileName, enc(f.text));
      expect(r.status, f.fileName).toBe(400);
      expect(r.body.message).toBe(message);
    }
  });

  it('no elements, unreadable units → the job fails with the reason and no model is kept', async () => {
    const none = noElementsModel();
    // (a parse that ends within the request's wait answers its refusal directly; a longer one ends its job failed)
    const refusal = (r: Awaited<ReturnType<typeof parse>>) =>
      r.status === 400 ? r.body.message : r.job.state === 'failed' && r.job.message;
    const a = await parse(none.fileName, enc(none.text));
    expect(refusal(a)).toBe('模型中没有可识别的建筑构件（墙、板、柱、梁、门窗等），未导入任何数据');
    expect(a.model).toBeNull();
    const nu = noUnitsModel();
    const u = await parse(nu.fileName, enc(nu.text));
    expect(refusal(u)).toBe('模型未声明单位（IfcProject 缺少 IfcUnitAssignment），无法换算工程量');
    expect(await rows('produce')).toHaveLength(0);
  });

  it('an estimate building is refused', async () => {
    const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '估算工程' }))).body.data;
    const est = (
      await t.call(
        'POST',
        `${PROJECT}/`,
        user,
        buildingBody(eng.id, {
          computeMethod: 'estimate',
          standard: 'JS',
          stage: '方案设计',
          menus: 'produce,runtime',
        }),
      )
    ).body.data;
    expect(est.id).toBeGreaterThan(0);
    const f = layeredModel();
    const r = await parse(f.fileName, enc(f.text), est.id);
    expect(r).toMatchObject({ status: 400, body: { message: '估算模块不支持 BIM 模型导入' } });
  });
});

describe('import', () => {
  it('maps, refuses a unit that cannot take the quantity, imports in one transaction, recalculates, remembers', async () => {
    const f = layeredModel();
    const r = await parse(f.fileName, enc(f.text));
    const c30 = await libraryFactor(t, user, 'C30混凝土');
    const c50 = await libraryFactor(t, user, 'C50混凝土');
    const steel = await libraryFactor(t, user, '普通碳钢（市场平均）');
    const call = (mappings: { ifcMaterial: string; factorId: number }[], mode = 'append') =>
      t.call('POST', `${BIM}/import`, user, { jobId: r.jobId, projectId: b.id, mode, mappings });

    // 玻璃 has only an area (1.8 m²): a per-m³ factor cannot take it — refused naming the material, nothing saved
    const bad = await call([
      { ifcMaterial: '混凝土 C30', factorId: c30.id },
      { ifcMaterial: '玻璃', factorId: c30.id },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([{ field: 'mappings[1]', errorMsg: '「玻璃」没有体积，不能对应单位为「m3」的因子' }]);
    expect(await rows('produce')).toHaveLength(0);

    const manual = await t.call('POST', `${STAGE}/produce/`, user, {
      projectId: b.id,
      materialName: '手工录入',
      unit: 'm3',
      quantity: 1,
      factorId: c30.id,
    });
    expect(manual.status).toBe(200);
    const ok = await call([
      { ifcMaterial: '混凝土 C30', factorId: c30.id },
      { ifcMaterial: '砼C35', factorId: c50.id },
      { ifcMaterial: 'Q355钢', factorId: steel.id },
    ]);
    expect(ok.body).toMatchObject({
      code: 1,
      message: '导入成功，生成 3 条建材生产数据',
      data: { rows: 3, transRows: 3 },
    });
    expect(ok.body.data.skipped).toHaveLength(7);
    const produce = await rows('produce');
    const byName = (list: Record<string, unknown>[], n: string) =>
      list.find((x) => x.materialName === n && x.bimSource)!;
    // 20.085 m³ × 295 = 5 925.075 kg; 1.5 m³ × 385 = 577.5 kg; 628 kg ÷ 1000 × 2 050 = 1 287.4 kg
    expect(byName(produce, 'C30混凝土')).toMatchObject({ quantity: 20.085, emission: expect.closeTo(5925.075, 2) });
    expect(byName(produce, 'C50混凝土')).toMatchObject({ quantity: 1.5, emission: expect.closeTo(577.5, 2) });
    expect(byName(produce, '普通碳钢（市场平均）')).toMatchObject({
      quantity: 0.628,
      emission: expect.closeTo(1287.4, 2),
    });
    expect(byName(produce, 'C30混凝土').bimSource).toMatchObject({
      fileName: f.fileName,
      elements: 6,
      ifcMaterials: ['混凝土 C30'],
      fromGeometry: 1,
    });
    expect((byName(produce, 'C30混凝土').bimSource as { globalIds: string[] }).globalIds).toHaveLength(6);
    // transport with the material's default distance and the 30t truck: 20.085 × 2.4 × 40 × 0.078 = 150.39648 kg;
    // steel 0.628 t × 500 km × 0.078 = 24.492 kg
    const trans = await rows('trans');
    expect(byName(trans, 'C30混凝土')).toMatchObject({ emission: expect.closeTo(150.39648, 2) });
    expect(byName(trans, '普通碳钢（市场平均）')).toMatchObject({ emission: expect.closeTo(24.492, 2) });
    expect(ok.body.data.warnings[0]).toBe('建材运输按「重型柴油货车运输（30t）」生成，运输距离取材料默认值，请核对');
    // the building was recalculated: produce = 5 925.075 + 577.5 + 1 287.4 + 295 (the manual 1 m³) = 8 084.975 kg
    const detail = ok.body.data.result.resultDetail as { stages: Record<string, { total: number }> };
    expect(detail.stages.produce.total).toBeCloseTo(8.084975, 3);

    // replace: only the model's rows are replaced (the manual row stays)
    const again = await call([{ ifcMaterial: '混凝土 C30', factorId: c30.id }], 'replace');
    expect(again.body.data.rows).toBe(1);
    const after = await rows('produce');
    expect(after.map((x) => x.materialName).sort()).toEqual(['C30混凝土', '手工录入']);
    expect((await rows('trans')).length).toBe(1);

    // the confirmed mappings come first on the next import, even where the matcher would rank others higher
    const next = await parse(f.fileName, enc(f.text));
    expect(material(next.model, '砼C35').suggestions[0]).toMatchObject({
      factorId: c50.id,
      saved: true,
      confidence: 1,
    });
    expect(material(next.model, '混凝土 C30').suggestions[0]).toMatchObject({ factorId: c30.id, saved: true });
  });

  it('records the shares of quantity sets and geometry; a volume-only material takes the density the user confirms', async () => {
    const f = layeredModel();
    const r = await parse(f.fileName, enc(f.text));
    const c30 = await libraryFactor(t, user, 'C30混凝土');
    const board = await libraryFactor(t, user, '纸面石膏板');
    // 石膏板 is 0.4 m³ with no weight, no density in the model, none in the library (GB 50009 gives plasterboard
    // per m² only) and no family default; 细石混凝土's family offers concrete's 2.4
    expect(material(r.model, '石膏板').densityDefault).toBeNull();
    expect(material(r.model, '细石混凝土').densityDefault).toMatchObject({
      value: 2.4,
      verification: 'V',
      label: '混凝土',
    });
    expect(material(r.model, '石膏板').suggestions.find((s) => s.factorId === board.id)).toMatchObject({
      quantity: null,
      needsDensity: true,
    });
    const check = (density?: number) =>
      t.call('POST', `${BIM}/${r.jobId}/check`, user, {
        ifcMaterial: '石膏板',
        factorId: board.id,
        ...(density === undefined ? {} : { density }),
      });
    expect((await check()).body.data).toEqual({
      quantity: null,
      unit: 't',
      basis: null,
      needsDensity: '「石膏板」只有体积，对应单位为「t」的因子需要「石膏板」的密度(t/m³)，请填写或确认密度',
    });
    // 0.4 m³ × 0.8 t/m³ = 0.32 t
    expect((await check(0.8)).body.data).toEqual({ quantity: expect.closeTo(0.32, 9), unit: 't', basis: '体积×密度' });
    const zero = await check(0);
    expect(zero.status).toBe(400);
    expect(zero.body.data).toEqual([
      expect.objectContaining({ field: 'density', errorMsg: expect.stringContaining('密度(t/m³)') }),
    ]);

    const call = (mappings: { ifcMaterial: string; factorId: number; density?: number }[]) =>
      t.call('POST', `${BIM}/import`, user, { jobId: r.jobId, projectId: b.id, mode: 'replace', mappings });
    const refused = await call([{ ifcMaterial: '石膏板', factorId: board.id }]);
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual([
      {
        field: 'mappings[0]',
        errorMsg: '「石膏板」只有体积，对应单位为「t」的因子需要「石膏板」的密度(t/m³)，请填写或确认密度',
      },
    ]);
    const ok = await call([
      { ifcMaterial: '混凝土 C30', factorId: c30.id },
      { ifcMaterial: '石膏板', factorId: board.id, density: 0.8 },
    ]);
    expect(ok.body).toMatchObject({ code: 1, data: { rows: 2 } });
    const produce = (await rows('produce')).filter((x) => x.bimSource);
    const row = (n: string) => produce.find((x) => x.materialName === n)!;
    // C30 20.085 m³, of it 楼板-02's 6.0 m³ from the geometry: 6 / 20.085 = 0.29873 → 30 %, quantity sets 70 % —
    // the larger share, so the row is not 估算 as a whole (it keeps its factor's class) and says both
    expect(row('C30混凝土').bimSource).toMatchObject({
      fromGeometry: 1,
      quantityShares: { quantitySet: 0.7013, geometry: 0.2987, text: '数量来自IFC数量集 70%，几何计算 30%' },
    });
    expect(row('C30混凝土').quality).not.toBe('estimate');
    expect(row('C30混凝土').remarks).toBe(`BIM模型 ${f.fileName}（数量来自IFC数量集 70%，几何计算 30%）：混凝土 C30`);
    expect(row('纸面石膏板')).toMatchObject({ quantity: 0.32, remarks: `BIM模型 ${f.fileName}：石膏板` });
    expect(row('纸面石膏板').bimSource).toMatchObject({
      densities: [{ ifcMaterial: '石膏板', density: 0.8, source: '用户填写' }],
      quantityShares: { quantitySet: 1, geometry: 0, text: '数量来自IFC数量集 100%' },
    });
  });
});
