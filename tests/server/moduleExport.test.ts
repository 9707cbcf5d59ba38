// The EN 15978 module export and section beyond the hand-worked building (epdBuilding.test.ts): who may download it,
// a building never calculated, a result stored before the module view existed (its lines made from the stage totals,
// D 未计算), the seeded A1研发办公楼's export against its JSON Schema, and the route in the API document.
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleExportSchema } from '../../schemas/moduleExport';
import { NOT_CALCULATED } from '../../schemas/en15978';
import { buildingBody, ENG, engineeringBody, PROJECT, PROJECT_V } from './builders';
import { testApp, type TestApp } from './helpers';
import { docxText } from './reportFiles';

let t: TestApp;
let user: string;
let trial: string;
let a1: Record<string, any>;

const validate = new Ajv({ allErrors: true, strict: false }).compile(moduleExportSchema);
/** The export route's answer (a download link) and, when it gave one, the file it leads to. */
async function exportOf(id: number, token: string) {
  const answer = await t.call('GET', `${PROJECT}/${id}/modules/export`, token);
  const file = answer.status === 200 ? await t.app.inject({ method: 'GET', url: answer.body.data }) : null;
  return { answer, file, json: () => file!.json() };
}

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  trial = await t.login('demo_trial');
  const list = (await t.call('GET', `${PROJECT_V}/?name=A1`, user)).body.data.dataList;
  const id = list.find((x: { name: string }) => x.name === 'A1研发办公楼').id;
  a1 = (await t.call('GET', `${PROJECT_V}/${id}`, user)).body.data;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the export', () => {
  it('of A1研发办公楼: valid, its lines adding up to the stored total, D 未计算 without EPD factors', async () => {
    const res = await exportOf(a1.id, user);
    expect(res.answer.body).toMatchObject({ code: 1, message: '导出成功' });
    expect(res.file!.headers['content-type']).toContain('application/json');
    expect(res.file!.headers['content-disposition']).toContain(encodeURIComponent('A1研发办公楼-EN15978.json'));
    const x = res.json();
    expect(validate(x), JSON.stringify(validate.errors)).toBe(true);
    expect(x.total).toBe(Number(a1.total));
    const sum = x.modules.reduce((a: number, m: { value: number | null }) => a + (m.value ?? 0), 0);
    expect(sum).toBeCloseTo(Number(a1.total), 2);
    expect(x.modules.map((m: { module: string }) => m.module)).toEqual([
      'A1–A3',
      'A4',
      'A5',
      'B1',
      'B2–B5',
      'B6',
      'B7',
      '碳汇',
      'C1',
      'C2',
      'C3–C4',
    ]);
    expect(x.modules.find((m: { module: string }) => m.module === '碳汇').sink).toBe(true);
    expect(x.d).toMatchObject({ value: null, includedInTotal: false });
    expect(x.epds).toEqual([]);
  });

  it('is not found for a user who cannot see the building, and needs a session', async () => {
    const other = await exportOf(a1.id, trial);
    expect(other.answer.status).toBe(404);
    expect(other.answer.body.message).toBe('很抱歉，资源未找到!');
    expect((await t.app.inject({ method: 'GET', url: `${PROJECT}/${a1.id}/modules/export` })).statusCode).toBe(401);
  });

  it('is refused for a building never calculated', async () => {
    const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '未计算工程' }))).body.data;
    const b = (await t.call('POST', `${PROJECT}/`, user, buildingBody(eng.id, { name: '未计算楼' }))).body.data;
    await t.database.db.updateTable('tpf3_project').set({ total: null }).where('id', '=', b.id).execute();
    const res = await exportOf(b.id, user);
    expect(res.answer.status).toBe(400);
    expect(res.answer.body.message).toBe('单体尚未计算，暂无 EN 15978 模块结果，请先完成计算');
  });
});

describe('a result stored before the module view', () => {
  it('reads its lines from the stage totals, D 未计算, in the export and the report', async () => {
    const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody({ name: '旧结果工程' }))).body.data;
    const b = (await t.call('POST', `${PROJECT}/`, user, buildingBody(eng.id, { name: '旧结果楼', menus: 'produce' })))
      .body.data;
    const row = {
      projectId: b.id,
      materialName: '铝型材',
      unit: 't',
      quantity: 2,
      factorValue: 100,
      factorUnit: 'kgCO2e/t',
    };
    expect((await t.call('POST', '/api/tpf/v1/tpf/stage/produce/batch', user, [row])).body.code).toBe(1);
    expect((await t.call('PUT', `${PROJECT}/status`, user, { id: b.id, status: '1' })).body.code).toBe(1);
    const stored = (await t.call('GET', `${PROJECT_V}/${b.id}`, user)).body.data;
    const { modules: _dropped, ...legacy } = stored.resultDetail;
    await t.database.db
      .updateTable('tpf3_project')
      .set({ result_detail: JSON.stringify(legacy) })
      .where('id', '=', b.id)
      .execute();
    const x = (await exportOf(b.id, user)).json();
    expect(validate(x), JSON.stringify(validate.errors)).toBe(true);
    // 2 t × 100 kgCO2e/t = 200 kg = 0.2 t
    expect(x.modules[0]).toMatchObject({ module: 'A1–A3', value: 0.2, note: '建材生产' });
    expect(x.modules.find((m: { module: string }) => m.module === 'A4')).toMatchObject({ value: null });
    expect(x).toMatchObject({ total: 0.2, d: { value: null, notes: [] } });

    const r = await t.call('GET', `${PROJECT}/exportPdf?projectId=${b.id}&type=word`, user);
    const word = docxText((await t.app.inject({ method: 'GET', url: r.body.data })).rawPayload);
    expect(word).toContain('A1–A3 | 产品阶段 | 0.20 | 建材生产');
    expect(word).toContain(`A4 | 运输至施工现场 | ${NOT_CALCULATED} | 本单体的计算未包含建材运输`);
    expect(word).toContain(`D（不计入合计） | 系统边界外的效益与负荷 | ${NOT_CALCULATED} |`);
  });
});

describe('the API document', () => {
  it('lists the export under 单体建筑, answering a download link', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).body;
    const op = doc.paths['/api/tpf/v1/tpf/tpf3Project/{id}/modules/export'].get;
    expect(JSON.stringify(op.responses['200'])).toContain('EN 15978 模块结果文件的下载链接');
    expect(op.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
  });
});
