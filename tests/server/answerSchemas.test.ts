// The stage, building, factor and calculation routes declare their answers as response schemas (schemas/answers/):
// the serialiser writes only what a schema lists, so every answer here must arrive whole — the bytes sent parse to
// exactly what the route answered — and the API document shows the answers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { buildingBody, engineeringBody, ENG, PROJECT, PROJECT_V } from './builders';
import { testApp, type TestApp } from './helpers';

const F = '/api/tpf/v1/tpf/tpf3BuildMaterial';
const STAGE = '/api/tpf/v1/tpf/stage';

let t: TestApp;
let admin: string, user: string;
let b: { id: number };
let steel: Record<string, unknown>;
/** What each route answered, as JSON.stringify writes it, and the answers sent otherwise. */
const answered = new WeakMap<FastifyRequest, string>();
const altered: string[] = [];

const sentWhole = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
  const r = await t.call(method, url, user, payload);
  expect(r.status, `${method} ${url}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
  expect(r.body.code).toBe(1);
  return r.body.data;
};

beforeAll(async () => {
  t = await testApp({
    configure: (app) => {
      app.addHook('preSerialization', async (req, _reply, payload) => {
        answered.set(req, JSON.stringify(payload));
        return payload;
      });
      app.addHook('onSend', async (req, _reply, payload) => {
        const before = answered.get(req);
        if (before !== undefined && typeof payload === 'string') {
          try {
            expect(JSON.parse(payload)).toEqual(JSON.parse(before));
          } catch {
            altered.push(`${req.method} ${req.url}`);
          }
        }
        return payload;
      });
    },
  });
  admin = await t.login('demo_admin');
  user = await t.login('demo_user');
  steel = (
    await t.call('POST', `${F}/`, admin, {
      type: '建材',
      name: '应答测试钢筋',
      materialCo: 2.34,
      coUnit: 'kgCO2e/kg',
      unit: 'kg',
    })
  ).body.data;
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '应答工程' }))).body.data;
  b = (await t.call('POST', `${PROJECT}/`, user, buildingBody(eng.id, { name: '应答楼', menus: 'produce,build' }))).body
    .data;
});
afterAll(() => t.close());

async function untilEnd(id: number) {
  for (let i = 0; i < 300; i++) {
    const j = await t.call('GET', `/api/sys/v1/job/${id}`, user);
    expect(j.status).toBe(200);
    if (j.body.data.state !== 'running') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not end`);
}
beforeEach(() => {
  altered.length = 0;
});

describe('answers with a response schema arrive whole', () => {
  it('stage routes: batch, calculate (direct and as a job), method, stage data, status', async () => {
    const saved = await sentWhole('POST', `${STAGE}/produce/batch`, [
      { projectId: b.id, materialName: '钢筋', unit: 'kg', quantity: 1000, factorId: steel.id },
      { projectId: b.id, materialName: '钢筋2', unit: 'kg', quantity: 10, factorValue: 2, factorUnit: 'kgCO2e/kg' },
    ]);
    expect(saved.rows[0]).toMatchObject({ factorValue: 2.34, factorSource: expect.any(String), emission: 2340 });
    expect(saved.result).toMatchObject({ id: b.id, engineeringName: '应答工程', resultDetail: expect.any(Object) });
    expect(saved.stage).toMatchObject({ code: 'produce', rowCount: 2, quality: expect.any(Object) });
    const again = await sentWhole('POST', `${STAGE}/produce/batch`, [{ ...saved.rows[1], quantity: 20 }]);
    expect(again.saved).toBe(1);
    await sentWhole('POST', `${STAGE}/build/batch`, [
      { projectId: b.id, method: 'energy', name: '施工用电', energy: 'electricity', unit: 'kWh', quantity: 100 },
    ]);
    const calc = await sentWhole('GET', `${STAGE}/produce/calculate?projectId=${b.id}`);
    expect(calc.result.resultDetail.stages.produce.total).toBeGreaterThan(0);
    expect(calc.warnings).toEqual(expect.any(Array));
    const { job } = await sentWhole('GET', `${STAGE}/build/calculate?projectId=${b.id}&wait=0`);
    expect(job).toMatchObject({ kind: 'calculate' });
    // the job writes the stage's figures when it ends: let it end before the method changes them again
    await untilEnd(job.id);
    const method = await sentWhole('PUT', `${STAGE}/build/method`, { projectId: b.id, method: 'machine' });
    expect(method.stageMethods).toEqual({ build: 'machine' });
    const data = await sentWhole('GET', `${STAGE}/data?tpf3ProjectId=${b.id}`);
    expect(data.produce).toMatchObject({ title: expect.any(String), rows: 2, total: expect.any(Number) });
    expect(data.build).toMatchObject({ method: 'machine', total: 0 });
    expect(await sentWhole('PUT', `${PROJECT}/status`, { id: b.id, status: '1' })).toMatchObject({ status: '1' });
    expect(altered).toEqual([]);
  });

  it('building routes: list, one, revisions, copy, compute method', async () => {
    const list = await sentWhole('GET', `${PROJECT_V}/?pageSize=5`);
    expect(list.dataList.length).toBeGreaterThan(0);
    expect(list.total).toBeGreaterThan(0);
    expect((await sentWhole('GET', `${PROJECT_V}/${b.id}`)).engineeringName).toBe('应答工程');
    expect(
      (await sentWhole('GET', `${PROJECT_V}/revisions?projectId=${b.id}`)).map((r: { id: number }) => r.id),
    ).toEqual([b.id]);
    expect((await sentWhole('GET', `${PROJECT}/copy?projectId=${b.id}`)).name).toBe('应答楼-副本');
    const info = await sentWhole('GET', `${PROJECT_V}/getProjectComputeMethod?code=budget`);
    expect(info.standards[0].menus[0]).toEqual(
      expect.objectContaining({ code: expect.any(String), disabled: expect.any(Boolean) }),
    );
    expect(altered).toEqual([]);
  });

  it('factor routes: versions, updates, the buildings on old versions, a recalculation preview', async () => {
    const v2 = (await t.call('PUT', `${F}/`, admin, { ...steel, materialCo: 2.5 })).body.data;
    expect(v2.id).not.toBe(steel.id);
    const versions = await sentWhole('GET', `${F}/${v2.id}/versions`);
    expect(versions.map((v: { id: number }) => v.id)).toEqual([v2.id, steel.id]);
    expect(versions[1]).toMatchObject({ supersededBy: v2.id, createDate: expect.any(String) });
    expect(await sentWhole('GET', '/api/tpf/v1/tpf/factorUpdates/buildings')).toContain(b.id);
    const updates = await sentWhole('GET', `${PROJECT}/${b.id}/factorUpdates`);
    expect(updates.factors[0]).toMatchObject({ old: { id: steel.id }, current: { id: v2.id }, uses: [{ rows: 1 }] });
    const preview = await sentWhole('POST', `${PROJECT}/${b.id}/recalculate/preview`);
    expect(preview).toMatchObject({ applied: false, total: { diff: expect.any(Number) }, left: [] });
    expect(altered).toEqual([]);
  });

  it('the API document shows the answers', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).body;
    const answer = (path: string, method: string) =>
      doc.paths[path][method].responses['200'].content['application/json'].schema.properties.data;
    expect(answer(`${STAGE}/produce/batch`, 'post').required).toContain('stage');
    expect(answer(`${STAGE}/produce/calculate`, 'get').anyOf).toHaveLength(2);
    expect(answer(`${PROJECT_V}/`, 'get').properties.dataList.type).toBe('array');
    expect(answer(`${F}/{id}/versions`, 'get').items.additionalProperties).toBe(true);
    expect(answer(`${PROJECT}/{id}/recalculate/apply`, 'post').anyOf[0].required).toContain('stages');
  });
});
