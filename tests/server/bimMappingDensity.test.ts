// A density confirmed for a volume-only material is remembered with the tenant's mapping: the next model with the
// same material is offered it (已保存, with its source) on the saved proposal and on POST check, and an import that
// sends none uses it; a density the user changes replaces it; a later mapping to a factor that needs no density
// keeps it. Library factor (supplementary_materials.csv): 预制混凝土（C40/50，不含钢筋） per t, bulk density 2.4 t/m³ —
// more than 10 % from lightweight concrete's default 1.95 t/m³ (familyDensity.csv, 按 GB 50009-2012 附录A 粉煤灰陶砾
// 混凝土 19.5 kN/m³), so a Leichtbeton volume on it needs a density.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeIfc, type ElementSpec } from '../fixtures/bim/ifcWriter';
import { buildingBody, ENG, engineeringBody, libraryFactor, PROJECT } from './builders';
import { upload } from './files';
import { testApp, type TestApp } from './helpers';

let t: TestApp;
let user: string;
let b: { id: number };
const BIM = '/api/tpf/v1/tpf/bim';
const STAGE = '/api/tpf/v1/tpf/stage';
const PRECAST = '预制混凝土（C40/50，不含钢筋）';
const DEFAULT_SOURCE =
  '按 GB 50009-2012 附录A 表A 第6项 粉煤灰陶砾混凝土 19.5 kN/m³（轻骨料混凝土默认值，D，用户已确认）';

/** Walls of `Leichtbeton` with their NetVolume only (no weight, no density in the model); boxes hold the volumes. */
function lightweightWalls(fileName: string, volumes: number[]): string {
  const elements = volumes.map((v, i): ElementSpec => ({
    type: 'IfcWall',
    name: `Wand-${i + 1}`,
    box: { x: 0, y: i * 2, z: 0, dx: 10, dy: 0.3, dz: Math.ceil((v / 3) * 100) / 100 },
    material: { single: 'Leichtbeton' },
    quantities: { set: 'Qto_WallBaseQuantities', values: [['NetVolume', 'volume', v]] },
  }));
  return writeIfc({
    fileName,
    schema: 'IFC4',
    units: { length: 'm' },
    storeys: [{ name: 'Erdgeschoss', elevation: 0, elements }],
  });
}

async function parsed(name: string, text: string) {
  const r = await upload(t, BIM, user, { projectId: b.id }, { name, content: new TextEncoder().encode(text) });
  expect(r.status).toBe(200);
  const jobId = r.body.data.jobId ?? r.body.data.job.id;
  for (let i = 0; i < 600; i++) {
    const j = await t.call('GET', `/api/sys/v1/job/${jobId}`, user);
    if (j.body.data.state !== 'running' && j.body.data.state !== 'queued') break;
    await new Promise((res) => setTimeout(res, 100));
  }
  const preflight = async () => (await t.call('GET', `${BIM}/${jobId}?pageSize=500`, user)).body.data.model;
  return { jobId, model: await preflight(), preflight };
}

type Suggestion = { factorId: number; saved: boolean; quantity: number | null; density?: unknown };
const light = (model: { materials: { name: string; suggestions: Suggestion[] }[] }) =>
  model.materials.find((m) => m.name === 'Leichtbeton')!;
const importBody = (jobId: number, mappings: { ifcMaterial: string; factorId: number; density?: number }[]) => ({
  jobId,
  projectId: b.id,
  mode: 'replace',
  mappings,
});
const bimRow = async () =>
  (
    (await t.call('GET', `${STAGE}/produce/?projectId=${b.id}&pageSize=-1`, user)).body.data.dataList as Record<
      string,
      any
    >[]
  ).find((r) => r.bimSource);

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody())).body.data;
  b = (
    await t.call(
      'POST',
      `${PROJECT}/`,
      user,
      buildingBody(eng.id, {
        name: '轻骨料混凝土楼',
        code: 'LB-1',
        useDateLimit: 50,
        buildArea: 1000,
        menus: 'produce',
      }),
    )
  ).body.data;
});
afterAll(() => t.close());

describe('a density confirmed with a mapping is remembered for the next model', () => {
  it('saved on import, offered again with its source, used when none is sent, replaced when changed', async () => {
    const precast = await libraryFactor(t, user, PRECAST);
    expect(precast).toMatchObject({ unit: 't' });

    // first model: 30 + 24.4811 = 54.4811 m³ of Leichtbeton (fzk-haus's), a density asked for
    const first = await parsed('Leichtbeton-1.ifc', lightweightWalls('Leichtbeton-1.ifc', [30, 24.4811]));
    expect(light(first.model).suggestions.find((s) => s.factorId === precast.id)).toMatchObject({
      saved: false,
      quantity: null,
      needsDensity: true,
    });
    const refused = await t.call(
      'POST',
      `${BIM}/import`,
      user,
      importBody(first.jobId, [{ ifcMaterial: 'Leichtbeton', factorId: precast.id }]),
    );
    expect(refused.status).toBe(400);
    // the family's default confirmed: 54.4811 m³ × 1.95 t/m³ = 106.238145 t → 106.2381 (4 decimals)
    const done = await t.call(
      'POST',
      `${BIM}/import`,
      user,
      importBody(first.jobId, [{ ifcMaterial: 'Leichtbeton', factorId: precast.id, density: 1.95 }]),
    );
    expect(done.body).toMatchObject({ code: 1, data: { rows: 1 } });
    expect(await bimRow()).toMatchObject({
      materialName: PRECAST,
      quantity: 106.2381,
      bimSource: { densities: [{ ifcMaterial: 'Leichtbeton', density: 1.95, source: DEFAULT_SOURCE }] },
    });

    // second model, same material, 20 m³: the saved mapping comes first with its density and the quantity it makes,
    // 20 m³ × 1.95 t/m³ = 39 t
    const second = await parsed('Leichtbeton-2.ifc', lightweightWalls('Leichtbeton-2.ifc', [20]));
    const savedDensity = { value: 1.95, source: DEFAULT_SOURCE, saved: true };
    expect(light(second.model).suggestions[0]).toMatchObject({
      factorId: precast.id,
      saved: true,
      quantity: 39,
      basis: '体积×密度',
      error: null,
      density: savedDensity,
    });
    // a check without a density takes the saved one too (the factor picked again from the library)
    const check = await t.call('POST', `${BIM}/${second.jobId}/check`, user, {
      ifcMaterial: 'Leichtbeton',
      factorId: precast.id,
    });
    expect(check.body.data).toEqual({ quantity: 39, unit: 't', basis: '体积×密度', density: savedDensity });

    // imported without a density: the saved one, named as such
    const again = await t.call(
      'POST',
      `${BIM}/import`,
      user,
      importBody(second.jobId, [{ ifcMaterial: 'Leichtbeton', factorId: precast.id }]),
    );
    expect(again.body).toMatchObject({ code: 1, data: { rows: 1 } });
    expect(await bimRow()).toMatchObject({
      quantity: 39,
      bimSource: {
        densities: [{ ifcMaterial: 'Leichtbeton', density: 1.95, source: `已保存的映射：${DEFAULT_SOURCE}` }],
      },
    });

    // the user changes it to the product's own 1.8: 20 × 1.8 = 36 t, and 1.8 is what is offered next
    const changed = await t.call(
      'POST',
      `${BIM}/import`,
      user,
      importBody(second.jobId, [{ ifcMaterial: 'Leichtbeton', factorId: precast.id, density: 1.8 }]),
    );
    expect(changed.body).toMatchObject({ code: 1, data: { rows: 1 } });
    expect(await bimRow()).toMatchObject({
      quantity: 36,
      bimSource: { densities: [{ density: 1.8, source: '用户填写' }] },
    });
    expect(light(await second.preflight()).suggestions[0]).toMatchObject({
      saved: true,
      quantity: 36,
      density: { value: 1.8, source: '用户填写', saved: true },
    });

    // mapped to a per-m³ factor (no density needed: 20 m³ as it is), the density stays saved for a per-t one
    const c30 = await libraryFactor(t, user, 'C30混凝土');
    const perVolume = await t.call(
      'POST',
      `${BIM}/import`,
      user,
      importBody(second.jobId, [{ ifcMaterial: 'Leichtbeton', factorId: c30.id }]),
    );
    expect(perVolume.body).toMatchObject({ code: 1, data: { rows: 1 } });
    expect(await bimRow()).toMatchObject({ materialName: 'C30混凝土', quantity: 20, bimSource: { densities: [] } });
    const offered = light(await second.preflight()).suggestions;
    expect(offered[0]).toMatchObject({ factorId: c30.id, saved: true, quantity: 20, basis: '体积' });
    expect(offered[0].density).toBeUndefined();
    const recheck = await t.call('POST', `${BIM}/${second.jobId}/check`, user, {
      ifcMaterial: 'Leichtbeton',
      factorId: precast.id,
    });
    expect(recheck.body.data).toMatchObject({ quantity: 36, density: { value: 1.8, source: '用户填写' } });
  });
});
