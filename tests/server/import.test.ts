// Excel template and import: GET <path>/template and POST <path>/fileUpload for every
// resource with x-import columns — the factor library (/divisor) and the building-owned tpf3ProjectExtend.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Repo } from '../../src/server/db/repo';
import { invalid } from '../../src/server/errors';
import { testApp, type TestApp } from './helpers';
import { buildingBody, ENG, engineeringBody, EXTEND } from './builders';
import { download as downloadWorkbook, upload as uploadFile, xlsx, type UploadFile } from './files';
import type { ResourceSchema } from '../../schemas/index';
import { stageProduce } from '../../schemas/stages/produce';
import { importColumns, templateWorkbook } from '../../src/server/excel/importSheet';
import { convertCell, type SheetRow } from '../../src/server/excel/readImport';
import { resolveReferences } from '../../src/server/resources/importRoutes';

const FACTORS = '/api/tpf/v1/tpf/tpf3BuildMaterial';
/** The columns the row fixtures below fill (a file may hold any subset of the template's columns). */
const BASIC_TITLES = ['类型', '小类', '名称', '规格', '单位', '碳排放因子', '因子单位', '数据来源', '核实标记', '备注'];
const FACTOR_TITLES = [
  '类型',
  '小类',
  '名称',
  '规格',
  '单位',
  '碳排放因子',
  '因子单位',
  '数据来源',
  '核实标记',
  '密度(t/单位)',
  '密度单位',
  '规格尺寸(mm)',
  '密度来源',
  '密度核实标记',
  '默认运输距离(km)',
  '能源种类',
  '低位发热量',
  '发热量单位',
  '发热量来源',
  '数据质量',
  'EPD编号',
  '备注',
];

let t: TestApp;
let aAdmin: string; // demo_admin, groupAdmin: writes the tenant's factors
let aUser: string; // demo_user: plain user
let bUser: string; // a user of another tenant
let buildingId: number;
let bBuildingId: number;

beforeAll(async () => {
  t = await testApp();
  const admin = await t.login('admin');
  aAdmin = await t.login('demo_admin');
  aUser = await t.login('demo_user');
  const tb = await t.call('POST', '/api/sys/v1/sys/sysTenant/', admin, {
    name: '乙集团',
    code: 'tenantImp',
    status: 1,
  });
  await t.call('POST', '/api/sys/v1/sys/sysUser/', admin, {
    userName: 'imp_b',
    name: '乙用户',
    password: 'imp_b-Pass-1',
    roleList: [],
    tenantId: tb.body.data.id,
  });
  bUser = await t.login('imp_b', 'imp_b-Pass-1');
  const eng = (await t.call('POST', `${ENG}/`, aUser, engineeringBody({ name: '导入测试项目' }))).body.data.id;
  buildingId = (await t.call('POST', '/api/tpf/v1/tpf/tpf3Project/', aUser, buildingBody(eng, { name: '导入楼' }))).body
    .data.id;
  const bEng = (await t.call('POST', `${ENG}/`, bUser, engineeringBody({ name: '乙方项目' }))).body.data.id;
  bBuildingId = (await t.call('POST', '/api/tpf/v1/tpf/tpf3Project/', bUser, buildingBody(bEng, { name: '乙方楼' })))
    .body.data.id;
  expect(buildingId).toBeGreaterThan(0);
  expect(bBuildingId).toBeGreaterThan(0);
});
afterAll(() => t.close());

const upload = (path: string, token: string, fields: Record<string, string | number>, file?: UploadFile) =>
  uploadFile(t, path, token, fields, file);
const download = (url: string) => downloadWorkbook(t, url);

const factorCount = async (token = aAdmin) =>
  (await t.call('GET', `${FACTORS}/?pageSize=1`, token)).body.data.total as number;
const factorsNamed = async (name: string) =>
  (await t.call('GET', `${FACTORS}/?pageSize=-1&name=${encodeURIComponent(name)}`, aAdmin)).body.data
    .dataList as Record<string, unknown>[];

describe('GET <path>/template', () => {
  it('the factor library template: one sheet named after the page, the x-import titles in schema order, and 填写说明', async () => {
    const r = await t.call('GET', `${FACTORS}/template`, aAdmin);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 1, message: '导出成功' });
    expect(r.body.data).toMatch(/^\/upload\/[0-9a-f-]{36}\?token=/);
    const wb = await download(r.body.data);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['因子库管理', '填写说明']);
    const ws = wb.getWorksheet('因子库管理')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(FACTOR_TITLES);
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.getColumn(1).width).toBeGreaterThanOrEqual(10);
    expect(ws.rowCount).toBe(1);

    const guide = wb.getWorksheet('填写说明')!;
    expect((guide.getRow(1).values as unknown[]).slice(1)).toEqual(['列标题', '是否必填', '类型', '可选值', '限制']);
    const rules = new Map<string, unknown[]>();
    guide.eachRow((row, n) => {
      if (n > 1 && row.getCell(2).value)
        rules.set(
          String(row.getCell(1).value),
          [2, 3, 4, 5].map((i) => row.getCell(i).text),
        );
    });
    expect([...rules.keys()]).toEqual(FACTOR_TITLES);
    // [是否必填, 类型, 可选值, 限制]
    expect(rules.get('名称')).toEqual(['是', '文本', '', '不超过 100 个字符']);
    expect(rules.get('小类')?.[0]).toBe('否');
    expect(rules.get('碳排放因子')).toEqual(['否', '数字', '', '不小于 0，不大于 100万']);
    expect(rules.get('核实标记')?.[2]).toBe('已核实、双来源核实、回忆值（待核实）、推导值、未知');
  });

  it('a building-owned resource: the template has its columns, without projectId', async () => {
    const r = await t.call('GET', `${EXTEND}/template`, aUser);
    expect(r.body.code).toBe(1);
    const wb = await download(r.body.data);
    const ws = wb.getWorksheet('建筑扩展信息')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      '绿色建筑星级',
      '节能率(%)',
      '装配率(%)',
      '可再生能源替代率(%)',
      '供暖方式',
      '空调形式',
      '说明',
    ]);
    const guide = wb.getWorksheet('填写说明')!;
    const rateRow = guide.getRows(2, guide.rowCount - 1)!.find((row) => row.getCell(1).value === '节能率(%)')!;
    expect(rateRow.getCell(5).value).toBe('大于 0，不大于 100');
    const starRow = guide.getRows(2, guide.rowCount - 1)!.find((row) => row.getCell(1).value === '绿色建筑星级')!;
    expect(starRow.getCell(4).value).toBe('基本级、一星级、二星级、三星级');
  });

  it('resources without x-import have no template; no token → 401', async () => {
    expect((await t.call('GET', '/api/sys/v1/sys/sysRole/template', aAdmin)).status).not.toBe(200);
    expect((await t.call('GET', `${FACTORS}/template`)).status).toBe(401);
  });
});

describe('POST <path>/fileUpload — factor library', () => {
  it('imports every row: numbers stay numbers (also numeric text), labels become values, formulas give their result', async () => {
    const before = await factorCount();
    const file = await xlsx(BASIC_TITLES, [
      ['建材', '钢材', '导入钢材A', 'HRB400', 't', 2.34, 'tCO2e/t', '企业EPD', '已核实', '备注一'],
      [
        '建材',
        '钢材',
        { formula: 'CONCAT("导入","钢材B")', result: '导入钢材B' },
        '',
        ' t ',
        '1,234.5',
        'tCO2e/t',
        '',
        'M',
        null,
      ],
      [],
      ['能源', '电力', '导入电力C', null, 'kWh', { formula: '0.5+0.1', result: 0.6 }, 'kgCO2e/kWh', null, '推导值', 12],
    ]);
    const r = await upload(FACTORS, aAdmin, {}, file);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: 1, message: '上传文件成功', data: { count: 3 } });
    expect(await factorCount()).toBe(before + 3);

    const [a] = await factorsNamed('导入钢材A');
    expect(a).toMatchObject({
      type: '建材',
      smallType: '钢材',
      spec: 'HRB400',
      unit: 't',
      materialCo: 2.34,
      coUnit: 'tCO2e/t',
      source: '企业EPD',
      verification: 'V',
      remarks: '备注一',
    });
    const [b] = await factorsNamed('导入钢材B');
    expect(b).toMatchObject({ unit: 't', materialCo: 1234.5, verification: 'M' });
    expect(b.spec).toBeUndefined();
    const [c] = await factorsNamed('导入电力C');
    expect(c).toMatchObject({ materialCo: 0.6, verification: 'D', remarks: '12' });
    expect(typeof c.materialCo).toBe('number');
    // the tenant's own rows, not system rows
    expect(c.tenantId).not.toBeNull();
  });

  it('a header in another order and the template file itself are read by title', async () => {
    const tpl = await download((await t.call('GET', `${FACTORS}/template`, aAdmin)).body.data);
    const ws = tpl.getWorksheet('因子库管理')!;
    ws.addRow(['运输', '公路', '导入模板行', '', 'tkm', 0.162, 'kgCO2e/(t·km)', '', 'V', '']);
    const r = await upload(
      FACTORS,
      aAdmin,
      {},
      { name: 'tpl.xlsx', content: new Uint8Array(await tpl.xlsx.writeBuffer()) },
    );
    expect(r.body).toMatchObject({ code: 1, data: { count: 1 } });

    const swapped = await xlsx(['单位', '名称', '类型'], [['t', '导入乱序', '建材']]);
    expect((await upload(FACTORS, aAdmin, {}, swapped)).body).toMatchObject({ code: 1, data: { count: 1 } });
    expect((await factorsNamed('导入乱序'))[0]).toMatchObject({ unit: 't', type: '建材' });
  });

  it('two bad rows → code 2 naming every bad row and column in Chinese, and nothing is written', async () => {
    const before = await factorCount();
    const file = await xlsx(BASIC_TITLES, [
      ['建材', '钢材', '好行', '', 't', 1, '', '', 'V', ''],
      ['建材', '钢材', null, '', 't', 1, '', '', 'V', ''],
      ['建材', '钢材', '好行2', '', 't', 1, '', '', 'V', ''],
      ['建材', '钢材', '坏行', '', 't', '一点五', '', '', '不存在的标记', ''],
    ]);
    const r = await upload(FACTORS, aAdmin, {}, file);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(2);
    expect(r.body.message).toBe('导入数据校验失败');
    expect(r.body.data).toEqual([
      { field: '第3行 名称', errorMsg: '请输入名称' },
      { field: '第5行 碳排放因子', errorMsg: '碳排放因子应当是数字' },
      { field: '第5行 核实标记', errorMsg: expect.stringContaining('核实标记') },
    ]);
    expect(await factorCount()).toBe(before);
    expect(await factorsNamed('好行')).toEqual([]);
  });

  it('a required column missing from the header → 400 naming it', async () => {
    const r = await upload(FACTORS, aAdmin, {}, await xlsx(['类型', '小类', '碳排放因子'], [['建材', '钢材', 1]]));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(0);
    expect(r.body.message).toContain('名称、单位');
  });

  it('not an xlsx → 400 文件格式不正确，请使用导入模板; no file → 400', async () => {
    const r = await upload(
      FACTORS,
      aAdmin,
      {},
      { name: 'x.xlsx', content: new TextEncoder().encode('类型,名称\n建材,钢\n') },
    );
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('文件格式不正确，请使用导入模板');
    const none = await upload(FACTORS, aAdmin, {});
    expect(none.status).toBe(400);
    expect(none.body.code).toBe(0);
  });

  it('more than 6 MB → 413 导入Excel文件大小不能超过 6M!', async () => {
    const before = await factorCount();
    const r = await upload(FACTORS, aAdmin, {}, { name: 'big.xlsx', content: new Uint8Array(6 * 1024 * 1024 + 1) });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ code: 0, message: '导入Excel文件大小不能超过 6M!', data: null });
    expect(await factorCount()).toBe(before);
    // up to 6 MB is read (the 2 MB JSON body limit does not apply to the upload)
    const five = await upload(FACTORS, aAdmin, {}, { name: 'five.xlsx', content: new Uint8Array(5 * 1024 * 1024) });
    expect(five.status).toBe(400);
    expect(five.body.message).toBe('文件格式不正确，请使用导入模板');
  });

  it('a repository rule failing on one row rolls back every row before it, and names the row', async () => {
    const before = await factorCount();
    const original = Repo.prototype.create;
    let n = 0;
    const spy = vi.spyOn(Repo.prototype, 'create').mockImplementation(function (
      this: Repo,
      ...args: Parameters<Repo['create']>
    ) {
      if (++n === 3) throw invalid([{ field: 'name', errorMsg: '名称已存在' }]);
      return original.apply(this, args);
    });
    try {
      const rows = [1, 2, 3, 4].map((i) => ['建材', '', `回滚${i}`, '', 't', i]);
      const r = await upload(FACTORS, aAdmin, {}, await xlsx(FACTOR_TITLES, rows));
      expect(r.body).toMatchObject({
        code: 2,
        message: '导入数据校验失败',
        data: [{ field: '第4行 名称', errorMsg: '名称已存在' }],
      });
      expect(r.status).toBe(400);
    } finally {
      spy.mockRestore();
    }
    expect(await factorCount()).toBe(before);
    expect(await factorsNamed('回滚')).toEqual([]);
  });

  it('a user without write access to the factor library is refused', async () => {
    const r = await upload(FACTORS, aUser, {}, await xlsx(BASIC_TITLES, [['建材', '', '无权', '', 't', 1]]));
    expect(r.status).toBe(403);
    expect(await factorsNamed('无权')).toEqual([]);
  });
});

describe('POST <path>/fileUpload — rows of a building (projectId)', () => {
  const EXT_TITLES = ['绿色建筑星级', '节能率(%)', '装配率(%)', '可再生能源替代率(%)', '供暖方式', '空调形式', '说明'];
  const extRows = async (projectId: number, token = aUser) =>
    (await t.call('GET', `${EXTEND}/?pageSize=-1&projectId=${projectId}`, token)).body.data.dataList as Record<
      string,
      unknown
    >[];

  it('without projectId → 400 获取项目信息失败，请返回主页重试！', async () => {
    const file = await xlsx(EXT_TITLES, [['一星级', 65]]);
    const cases: Record<string, string | number>[] = [{}, { projectId: '' }, { projectId: 'abc' }, { projectId: 0 }];
    for (const fields of cases) {
      const r = await upload(EXTEND, aUser, fields, file);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('获取项目信息失败，请返回主页重试！');
    }
  });

  it("another tenant's building → the same answer and nothing written", async () => {
    const r = await upload(EXTEND, aUser, { projectId: bBuildingId }, await xlsx(EXT_TITLES, [['一星级', 65]]));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('获取项目信息失败，请返回主页重试！');
    expect(await extRows(bBuildingId, bUser)).toEqual([]);
  });

  it('rows land on the building; enum labels, percent rules and trimming apply', async () => {
    const file = await xlsx(EXT_TITLES, [
      ['二星级', '65.5', 40, null, '  集中供暖 ', '多联机', '说明文字'],
      [null, null, null, 12.5, null, null, null],
    ]);
    const r = await upload(EXTEND, aUser, { projectId: buildingId }, file);
    expect(r.body).toEqual({ code: 1, message: '上传文件成功', data: { count: 2 } });
    const rows = await extRows(buildingId);
    expect(rows).toHaveLength(2);
    const first = rows.find((x) => x.greenStar === '二星级')!;
    expect(first).toMatchObject({
      projectId: buildingId,
      energySavingRate: 65.5,
      prefabRate: 40,
      heatingMode: '集中供暖',
      coolingMode: '多联机',
      remarks: '说明文字',
    });
    const second = rows.find((x) => x.renewableRate === 12.5)!;
    expect(second.greenStar).toBe('');

    const bad = await upload(EXTEND, aUser, { projectId: buildingId }, await xlsx(EXT_TITLES, [['五星级', 0, 101]]));
    expect(bad.body.code).toBe(2);
    expect(bad.body.data).toEqual([
      { field: '第2行 绿色建筑星级', errorMsg: expect.any(String) },
      { field: '第2行 节能率(%)', errorMsg: '节能率(%)应大于0且不超过100' },
      { field: '第2行 装配率(%)', errorMsg: '装配率(%)应大于0且不超过100' },
    ]);
    expect(await extRows(buildingId)).toHaveLength(2);
  });

  it('a plain user of the tenant who neither created nor collaborates on the building cannot import into it', async () => {
    const admin = await t.login('admin');
    const other = await t.call('POST', '/api/sys/v1/sys/sysUser/', admin, {
      userName: 'imp_a2',
      name: '甲用户二',
      password: 'imp_a2-Pass-1',
      roleList: [],
      tenantId: (await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', aUser)).body.data.tenantId,
    });
    expect(other.body.code).toBe(1);
    const token = await t.login('imp_a2', 'imp_a2-Pass-1');
    const r = await upload(EXTEND, token, { projectId: buildingId }, await xlsx(EXT_TITLES, [['一星级'], ['二星级']]));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('获取项目信息失败，请返回主页重试！');
    expect(await extRows(buildingId)).toHaveLength(2);
  });
});

describe('reference columns (the stage schemas: 排放因子名称 → factorId)', () => {
  it('the template explains the column; a factor name becomes the id of a factor of that type the caller may read', async () => {
    const db = t.database.db;
    const me = (await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', aAdmin)).body.data;
    const caller = { userId: me.userId ?? me.id, tenantId: me.tenantId, roles: ['groupAdmin'], isAdmin: false };
    const schema = stageProduce as unknown as ResourceSchema;
    const columns = await importColumns(db, schema);
    const factor = columns.find((c) => c.key === 'factorId')!;
    expect(factor).toMatchObject({
      title: '排放因子名称',
      reference: { resource: 'tpf3BuildMaterial', label: 'name', type: '建材' },
    });
    expect(columns.map((c) => c.key)).not.toContain('emission'); // read-only: never imported
    expect(columns.map((c) => c.key)).not.toContain('projectId');

    const wb = templateWorkbook('建材生产', columns);
    const guide = wb.getWorksheet('填写说明')!;
    const row = guide.getRows(2, guide.rowCount - 1)!.find((r) => r.getCell(1).value === '排放因子名称')!;
    expect(row.getCell(3).value).toBe('文本');
    expect(row.getCell(5).value).toBe('填写因子库管理中已有记录的名称（类型：建材）');

    const system = (await factorsNamed('C30混凝土')).find((f) => f.tenantId === null)!;
    expect(system.type).toBe('建材');
    const cement = (await factorsNamed('普通硅酸盐水泥（市场平均）'))[0];
    const own = (
      await t.call('POST', `${FACTORS}/`, aAdmin, { type: '建材', name: 'C30混凝土', unit: 'm3', materialCo: 300 })
    ).body.data;
    await t.call('POST', `${FACTORS}/`, aAdmin, { type: '运输', name: '导入运输因子', unit: 'tkm', materialCo: 0.1 });
    const bOwn = (
      await t.call('POST', `${FACTORS}/`, aAdmin, { type: '建材', name: '甲方自有材料', unit: 't', materialCo: 1 })
    ).body.data;

    const rows: SheetRow[] = [
      'C30混凝土',
      '普通硅酸盐水泥（市场平均）',
      '导入运输因子',
      '没有这个因子',
      String(bOwn.id),
      undefined,
    ].map((name, i) => ({
      rowNumber: i + 2,
      body: {
        materialName: '材料',
        unit: 't',
        quantity: 1,
        ...(name === undefined ? {} : { factorId: convertCell(factor, ` ${name} `) }),
      },
      errors: [],
    }));
    await resolveReferences(db, caller, columns, rows);
    expect(rows.map((r) => r.body.factorId)).toEqual([own.id, cement.id, undefined, undefined, bOwn.id, undefined]);
    expect(rows[2].errors).toEqual([{ field: 'factorId', errorMsg: '排放因子名称「导入运输因子」不存在' }]);
    expect(rows[3].errors).toEqual([{ field: 'factorId', errorMsg: '排放因子名称「没有这个因子」不存在' }]);
    expect(rows[5].errors).toEqual([]);

    // another tenant does not see 甲方 rows: the name is unknown there
    const bMe = (await t.call('GET', '/api/sys/v1/sys/sysUser/currentUser', bUser)).body.data;
    const bCaller = { userId: bMe.userId ?? bMe.id, tenantId: bMe.tenantId, roles: [], isAdmin: false };
    const bRows: SheetRow[] = [
      { rowNumber: 2, body: { factorId: '甲方自有材料' }, errors: [] },
      { rowNumber: 3, body: { factorId: 'C30混凝土' }, errors: [] },
    ];
    await resolveReferences(db, bCaller, columns, bRows);
    expect(bRows[0].errors).toHaveLength(1);
    expect(bRows[1].body.factorId).toBe(system.id);
  });
});
