// 单体建筑 API: every form rule with its message, the menu rules per module × standard applied on
// save, collaborators, copy with rows, delete, Excel, and tenant isolation.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';
import { buildingBody, ENG, engineeringBody, EXTEND, PROJECT, PROJECT_V } from './builders';
import { download as downloadWorkbook } from './files';

let t: TestApp;
let aAdmin: string; // demo_admin, groupAdmin
let aUser: string; // demo_user
let aTrial: string; // demo_trial
let bUser: string; // a user of another tenant
let engId: number;
let ids: Record<string, number> = {};

beforeAll(async () => {
  t = await testApp();
  const admin = await t.login('admin');
  aAdmin = await t.login('demo_admin');
  aUser = await t.login('demo_user');
  aTrial = await t.login('demo_trial');
  const tb = await t.call('POST', '/api/sys/v1/sys/sysTenant/', admin, { name: '乙集团', code: 'tenantB', status: 1 });
  await t.call('POST', '/api/sys/v1/sys/sysUser/', admin, {
    userName: 'b_user',
    name: '乙用户',
    password: 'b_user-Pass-1',
    roleList: [],
    tenantId: tb.body.data.id,
  });
  bUser = await t.login('b_user', 'b_user-Pass-1');
  engId = (await t.call('POST', `${ENG}/`, aUser, engineeringBody())).body.data.id;
  const users = (await t.call('GET', '/api/sys/v1/sys/sysUser/dropDownByOrg', aUser)).body.data as Record<
    string,
    string
  >;
  ids = Object.fromEntries(Object.entries(users).map(([id, name]) => [name, Number(id)]));
});
afterAll(() => t.close());

const errorsOf = (body: { data: { field: string; errorMsg: string }[] }) =>
  Object.fromEntries(body.data.map((e) => [e.field, e.errorMsg]));
const create = (body: Record<string, unknown>, token = aUser) => t.call('POST', `${PROJECT}/`, token, body);

describe('building form rules', () => {
  it('lists every missing required field with its message', async () => {
    const r = await create({});
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('表单校验失败, 请检查输入!');
    expect(errorsOf(r.body)).toEqual({
      engineeringId: '请选择所属项目',
      computeMethod: '请选择计算方式',
      standard: '请选择计算标准',
      stage: '请选择项目阶段',
      name: '请输入单体名称',
      code: '请输入单体编码',
      site: '请选择建设地点',
      buildType: '请选择建筑类型',
      structureType: '请选择或输入结构类型',
      useDateLimit: '请输入大于0的整数',
      buildArea: '请输入建筑面积(m²)',
      height: '请输入建筑高度(m)',
      floorUp: '请输入地上层数',
      floorDown: '请输入地下层数',
      latLng: '请选择经纬度',
      menus: '请至少选择一个计算阶段!',
    });
  });

  it('name and code: 1–20 characters without # \\ / : * ? " < > |', async () => {
    const long = await create(
      buildingBody(engId, { name: '一二三四五六七八九十一二三四五六七八九十一', code: 'x'.repeat(21) }),
    );
    expect(errorsOf(long.body)).toEqual({ name: '单体名称不超过 20 个字符', code: '单体编码不超过 20 个字符' });
    for (const bad of ['#', '\\', '/', ':', '*', '?', '"', '<', '>', '|']) {
      const r = await create(buildingBody(engId, { name: `A${bad}B`, code: `C${bad}` }));
      expect(errorsOf(r.body)).toEqual({
        name: '单体名称不能包含 # \\ / : * ? " < > |',
        code: '单体编码不能包含 # \\ / : * ? " < > |',
      });
    }
    const ok20 = await create(buildingBody(engId, { name: '一二三四五六七八九十一二三四五六七八九十', code: 'B-20' }));
    expect(ok20.body.code).toBe(1);
  });

  it('design life is a positive integer; areas, height and floors are non-negative within their lengths', async () => {
    for (const v of [0, -5, 2.5, '50年']) {
      const r = await create(buildingBody(engId, { useDateLimit: v }));
      expect(errorsOf(r.body)).toEqual({ useDateLimit: '请输入大于0的整数' });
    }
    const r = await create(
      buildingBody(engId, { buildArea: -1, height: 1e10, floorUp: 1.5, floorDown: 1000, compileOrg: '院'.repeat(51) }),
    );
    expect(errorsOf(r.body)).toEqual({
      buildArea: '建筑面积(m²)应为非负数',
      height: '建筑高度(m)不超过 10 位',
      floorUp: '地上层数应为非负整数',
      floorDown: '地下层数不超过 3 位',
      compileOrg: '编制单位不超过 50 个字符',
    });
  });

  it('the standard must belong to the module and the stage to the standard (JS-STD disables 初步设计 in budget)', async () => {
    const std = await create(buildingBody(engId, { computeMethod: 'estimate', standard: 'GB', stage: '方案设计' }));
    expect(errorsOf(std.body)).toEqual({ standard: '请选择计算标准' });
    const stage = await create(buildingBody(engId, { standard: 'JS-STD', stage: '初步设计', menus: 'produce' }));
    expect(errorsOf(stage.body)).toEqual({ stage: '请选择项目阶段' });
    const other = await create(buildingBody(engId, { stage: '竣工阶段' }));
    expect(errorsOf(other.body)).toEqual({ stage: '请选择项目阶段' });
  });

  it('at least one calculation stage; menus outside the module or disabled by the standard are refused', async () => {
    const none = await create(buildingBody(engId, { menus: '' }));
    expect(errorsOf(none.body)).toEqual({ menus: '请至少选择一个计算阶段!' });
    const fixedOnly = await create(
      buildingBody(engId, {
        computeMethod: 'accounting',
        standard: 'ZQYJG',
        stage: '建造及交付',
        menus: 'supplement,voucher',
      }),
    );
    expect(errorsOf(fixedOnly.body)).toEqual({ menus: '请至少选择一个计算阶段!' });
    const disabled = await create(buildingBody(engId, { standard: 'JS-STD', menus: 'produce,waste' }));
    expect(errorsOf(disabled.body)).toEqual({ menus: '计算阶段不可选: waste' });
  });

  it('fills compileOrg with the company name, ignores read-only fields, and answers the joined names', async () => {
    const r = await create(buildingBody(engId, { status: '1', total: 99, engineeringName: 'x' }));
    expect(r.body.code).toBe(1);
    expect(r.body.data).toMatchObject({
      compileOrg: '演示集团',
      status: '0',
      engineeringName: '江北新区人才公寓',
      engineeringCode: 'JB-2026-01',
      createByName: '演示用户',
    });
    expect(r.body.data.total).toBeNull();
    // the record as answered goes back unchanged through PUT (virtual and read-only fields are ignored)
    const again = await t.call('PUT', `${PROJECT}/`, aUser, r.body.data);
    expect(again.body.code).toBe(1);
  });
});

describe('menu rules applied on save', () => {
  const cases: [string, string, string, string, string][] = [
    ['estimate', 'JS', '方案设计', 'build,runtime', 'produce,build,runtime'],
    ['estimate', 'JS-STD', '可行性研究', 'produce,green', 'produce,trans,build,green'],
    ['budget', 'JS-STD', '施工图设计', 'produce,runtime', 'produce,trans,build,runtime'],
    ['budget', 'GB', '初步设计', 'green,produce', 'produce,green'],
    ['accounting', 'GB', '建造及交付', 'produce,remove', 'supplement,produce,remove'],
    ['accounting', 'GB', '运行使用', 'produce,trans,remove', 'supplement,remove,runtime'],
    ['accounting', 'GB', '建造交付及运行', 'remove', 'supplement,produce,trans,build,remove,runtime'],
    ['accounting', 'JS-STD', '竣工阶段', 'produce,runtime', 'supplement,produce,trans,build,runtime'],
    ['accounting', 'ZQYJG', '运行使用', 'runtime,removeChange', 'supplement,runtime,removeChange,voucher'],
  ];
  it.each(cases)('%s %s %s: %s → %s', async (computeMethod, standard, stage, menus, stored) => {
    const r = await create(buildingBody(engId, { computeMethod, standard, stage, menus }));
    expect(r.body.code).toBe(1);
    expect(r.body.data.menus).toBe(stored);
  });

  it('ZQYJG keeps removeChange once set; the module cannot change after creation', async () => {
    const b = (
      await create(
        buildingBody(engId, {
          computeMethod: 'accounting',
          standard: 'ZQYJG',
          stage: '运行使用',
          menus: 'runtime,removeChange',
        }),
      )
    ).body.data;
    const kept = await t.call('PUT', `${PROJECT}/`, aUser, { ...b, menus: 'runtime' });
    expect(kept.body.data.menus).toBe('supplement,runtime,removeChange,voucher');
    const moved = await t.call('PUT', `${PROJECT}/`, aUser, {
      ...b,
      computeMethod: 'budget',
      standard: 'GB',
      stage: '初步设计',
    });
    expect(errorsOf(moved.body)).toMatchObject({ computeMethod: '计算方式创建后不能修改' });
  });
});

describe('collaborators', () => {
  it('the creator adds a collaborator, who then sees and edits the building but cannot change its collaborators', async () => {
    const b = (await create(buildingBody(engId, { name: '协作楼', userId: `${ids['试用用户']}` }))).body.data;
    expect(b.userId).toBe(String(ids['试用用户']));
    const seen = await t.call('GET', `${PROJECT_V}/${b.id}`, aTrial);
    expect(seen.body.data).toMatchObject({ name: '协作楼', createByName: '演示用户' });
    const edit = await t.call('PUT', `${PROJECT}/`, aTrial, { ...seen.body.data, height: 60 });
    expect(edit.body.data.height).toBe(60);
    const grab = await t.call('PUT', `${PROJECT}/`, aTrial, { ...seen.body.data, userId: '' });
    expect(grab.status).toBe(403);
    expect(grab.body.message).toBe('没有权限，拒绝访问!');
    // a group admin who is not the creator may not either
    const byAdmin = await t.call('PUT', `${PROJECT}/`, aAdmin, { ...seen.body.data, userId: `${ids['演示管理员']}` });
    expect(byAdmin.status).toBe(403);
    // a collaborator does not delete the building
    expect((await t.call('DELETE', `${PROJECT}/?tpf3ProjectIds=${b.id}`, aTrial)).status).toBe(403);
  });

  it('a plain user who is neither creator nor collaborator does not see the building; the group admin does', async () => {
    const b = (await create(buildingBody(engId, { name: '私有楼' }))).body.data;
    expect((await t.call('GET', `${PROJECT_V}/${b.id}`, aTrial)).status).toBe(404);
    const list = await t.call('GET', `${PROJECT_V}/?pageSize=-1`, aTrial);
    expect(list.body.data.dataList.map((x: { id: number }) => x.id)).not.toContain(b.id);
    expect((await t.call('GET', `${PROJECT_V}/${b.id}`, aAdmin)).body.data.name).toBe('私有楼');
  });

  it('collaborators must be users of the same tenant', async () => {
    const r = await create(buildingBody(engId, { userId: '999999' }));
    expect(errorsOf(r.body)).toEqual({ userId: '协作人不存在' });
    const bad = await create(buildingBody(engId, { userId: '1;x' }));
    expect(errorsOf(bad.body)).toEqual({ userId: '协作人格式不正确' });
  });
});

describe('list, copy, delete', () => {
  it('lists by module, engineering, name and status with the joined engineering name', async () => {
    const eng = (await t.call('POST', `${ENG}/`, aUser, engineeringBody({ name: '列表项目', code: 'L-1' }))).body.data;
    await create(
      buildingBody(eng.id, {
        name: '列表甲',
        computeMethod: 'estimate',
        standard: 'JS',
        stage: '方案设计',
        menus: 'produce',
      }),
    );
    await create(buildingBody(eng.id, { name: '列表乙' }));
    const r = await t.call('GET', `${PROJECT_V}/?engineeringId=${eng.id}&computeMethod=estimate`, aUser);
    expect(r.body.data.total).toBe(1);
    expect(r.body.data.dataList[0]).toMatchObject({ name: '列表甲', engineeringName: '列表项目', status: '0' });
    const byName = await t.call(
      'GET',
      `${PROJECT}/?engineeringId=${eng.id}&name=${encodeURIComponent('乙')}&status=0`,
      aUser,
    );
    expect(byName.body.data.dataList.map((x: { name: string }) => x.name)).toEqual(['列表乙']);
  });

  it("copy duplicates the building, its results and its rows in one go; the copy is the caller's", async () => {
    const b = (
      await create(buildingBody(engId, { name: '一二三四五六七八九十一二三四五六七八', userId: `${ids['试用用户']}` }))
    ).body.data;
    await t.database.db
      .updateTable('tpf3_project')
      .set({ status: '1', total: 2561.37, streng3: 4.27, produce: 1800.5 })
      .where('id', '=', b.id)
      .execute();
    const ext = await t.call('POST', `${EXTEND}/`, aUser, {
      projectId: b.id,
      greenStar: '二星级',
      prefabRate: 45.5,
      heatingMode: '=1+1',
    });
    expect(ext.body.code).toBe(1);
    const copy = await t.call('GET', `${PROJECT}/copy?projectId=${b.id}`, aTrial);
    expect(copy.body).toMatchObject({ code: 1, message: '操作成功' });
    const c = copy.body.data;
    expect(c.id).not.toBe(b.id);
    // 18 characters + "-副本" would be 21: the name is shortened to 17 + 3 = 20
    expect(c).toMatchObject({
      name: '一二三四五六七八九十一二三四五六七-副本',
      status: '1',
      total: 2561.37,
      streng3: 4.27,
      produce: 1800.5,
      userId: '',
      createByName: '试用用户',
    });
    expect([...c.name].length).toBe(20);
    const rows = await t.call('GET', `${EXTEND}/?projectId=${c.id}`, aTrial);
    expect(rows.body.data.dataList).toHaveLength(1);
    expect(rows.body.data.dataList[0]).toMatchObject({ projectId: c.id, greenStar: '二星级', prefabRate: 45.5 });
    // the original's row is untouched
    expect((await t.call('GET', `${EXTEND}/?projectId=${b.id}`, aUser)).body.data.dataList[0].projectId).toBe(b.id);
  });

  it('delete takes an id list (tpf3ProjectIds) and removes the rows that belong to the buildings', async () => {
    const a = (await create(buildingBody(engId, { name: '删甲' }))).body.data;
    const b = (await create(buildingBody(engId, { name: '删乙' }))).body.data;
    await t.call('POST', `${EXTEND}/`, aUser, { projectId: a.id, greenStar: '一星级' });
    const r = await t.call('DELETE', `${PROJECT}/?tpf3ProjectIds=${a.id}&tpf3ProjectIds=${b.id}`, aUser);
    expect(r.body).toEqual({ code: 1, message: '删除成功!', data: 2 });
    expect((await t.call('GET', `${PROJECT_V}/${a.id}`, aUser)).status).toBe(404);
    const left = await t.database.db
      .selectFrom('tpf3_project_extend')
      .select('id')
      .where('project_id', '=', a.id)
      .execute();
    expect(left).toHaveLength(0);
    // all or nothing: one unknown id and nothing is deleted
    const c = (await create(buildingBody(engId, { name: '删丙' }))).body.data;
    expect((await t.call('DELETE', `${PROJECT}/?tpf3ProjectIds=${c.id}&tpf3ProjectIds=999999`, aUser)).status).toBe(
      404,
    );
    expect((await t.call('GET', `${PROJECT_V}/${c.id}`, aUser)).body.code).toBe(1);
  });
});

describe('getProjectComputeMethod', () => {
  it('answers a module with its six life-cycle stages and standards; an unknown code is a bad request', async () => {
    const r = await t.call('GET', `${PROJECT_V}/getProjectComputeMethod?code=estimate`, aUser);
    expect(r.body.data.computeMethod).toBe('estimate');
    expect(r.body.data.stages).toHaveLength(6);
    expect(r.body.data.standards.map((s: { code: string }) => s.code)).toEqual(['JS-STD', 'JS']);
    expect((await t.call('GET', `${PROJECT_V}/getProjectComputeMethod?code=xx`, aUser)).status).toBe(400);
  });
});

const download = (url: string) => downloadWorkbook(t, url);

describe('Excel', () => {
  it('getExcelByID: building info, results, extended data and one sheet per stage; numbers stay numbers; formulas stay text', async () => {
    const b = (await create(buildingBody(engId, { name: '导出楼', remarks: '=HYPERLINK("http://evil","x")' }))).body
      .data;
    await t.database.db
      .updateTable('tpf3_project')
      .set({ status: '1', total: 2561.37, streng3: 4.27 })
      .where('id', '=', b.id)
      .execute();
    await t.call('POST', `${EXTEND}/`, aUser, { projectId: b.id, heatingMode: '+SUM(A1)', prefabRate: 45.5 });
    const r = await t.call('GET', `${PROJECT}/getExcelByID?projectID=${b.id}`, aUser);
    expect(r.body).toMatchObject({ code: 1, message: '导出成功' });
    expect(r.body.data).toMatch(/^\/upload\/[0-9a-f-]{36}\?token=[\w-]+$/);
    const wb = await download(r.body.data);
    // one sheet per stage of the building's menus, in wizard order, then how each row was calculated and the decision
    // sheets
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      '建筑信息',
      '计算结果汇总',
      'EN 15978 模块',
      '建筑扩展信息',
      '建材生产',
      '建材运输',
      '建筑建造',
      '建筑拆除',
      '建筑运行',
      '废弃物处理',
      '碳汇',
      '计算过程',
      '参考线',
      '方案对比',
      '热点与替代',
      '不确定性',
    ]);
    const info = wb.getWorksheet('建筑信息')!;
    const value = (label: string) => info.getColumn(1).values.indexOf(label);
    expect(info.getCell(value('单体名称'), 2).value).toBe('导出楼');
    expect(info.getCell(value('计算方式'), 2).value).toBe('概预算');
    expect(info.getCell(value('建筑面积(m²)'), 2).value).toBe(12000.5);
    const remarks = info.getCell(value('备注'), 2);
    expect(remarks.value).toBe('=HYPERLINK("http://evil","x")');
    expect(remarks.type).toBe(ExcelJS.ValueType.String);
    expect(remarks.numFmt).toBe('@');
    const sum = wb.getWorksheet('计算结果汇总')!;
    const total = sum.getCell(sum.getColumn(1).values.indexOf('碳排放总量(tCO2e)'), 2);
    expect(total.value).toBe(2561.37);
    expect(total.numFmt).toBe('#,##0.00');
    const ext = wb.getWorksheet('建筑扩展信息')!;
    const header = ext.getRow(1).values as unknown[];
    const row = ext.getRow(2);
    expect(row.getCell(header.indexOf('装配率(%)')).value).toBe(45.5);
    expect(row.getCell(header.indexOf('供暖方式')).numFmt).toBe('@');
  });

  it('the list export answers a link to every matching row; the link needs its token', async () => {
    const r = await t.call('GET', `${PROJECT}/export?computeMethod=accounting`, aUser);
    expect(r.body).toMatchObject({ code: 1, message: '导出表格成功' });
    const wb = await download(r.body.data);
    const ws = wb.worksheets[0];
    const header = ws.getRow(1).values as unknown[];
    const methods = new Set<unknown>();
    ws.eachRow((row, n) => n > 1 && methods.add(row.getCell(header.indexOf('计算方式')).value));
    expect([...methods]).toEqual(['核算']);
    expect(ws.rowCount).toBeGreaterThan(1);
    const noToken = await t.app.inject({ method: 'GET', url: r.body.data.replace(/\?token=.*/, '') });
    expect(noToken.statusCode).toBe(400);
    const wrong = await t.app.inject({ method: 'GET', url: r.body.data.replace(/token=.*/, 'token=wrong-token-123') });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('building tenant isolation', () => {
  it("another tenant's user neither lists, reads, changes, copies, exports nor deletes the building", async () => {
    const b = (await create(buildingBody(engId, { name: '甲方楼' }))).body.data;
    const list = await t.call('GET', `${PROJECT_V}/?pageSize=-1`, bUser);
    expect(list.body.data.dataList.map((x: { id: number }) => x.id)).not.toContain(b.id);
    expect((await t.call('GET', `${PROJECT_V}/${b.id}`, bUser)).status).toBe(404);
    expect((await t.call('PUT', `${PROJECT}/`, bUser, { ...b })).status).toBe(404);
    expect((await t.call('GET', `${PROJECT}/copy?projectId=${b.id}`, bUser)).status).toBe(404);
    expect((await t.call('GET', `${PROJECT}/getExcelByID?projectID=${b.id}`, bUser)).status).toBe(404);
    expect((await t.call('DELETE', `${PROJECT}/?tpf3ProjectIds=${b.id}`, bUser)).status).toBe(404);
    // rows of the building are out of reach too
    expect((await t.call('POST', `${EXTEND}/`, bUser, { projectId: b.id })).body.data).toEqual([
      { field: 'projectId', errorMsg: '单体建筑不存在' },
    ]);
    // and B's user list offers no user of A as a collaborator
    const users = (await t.call('GET', '/api/sys/v1/sys/sysUser/dropDownByOrg', bUser)).body.data;
    expect(Object.values(users)).toEqual(['乙用户']);
  });
});
