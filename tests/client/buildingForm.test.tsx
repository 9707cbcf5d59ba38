// The building info form /{module}/project/info inside the whole <Admin>, over the fake API.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { getCurrentBuilding, setCurrentBuilding } from '../../src/client/session/currentBuilding';
import { fail, ok, plainUser, stubFetch, type Call } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/buildings/form/BuildingForm';
import '../../src/client/engineering/EngineeringList';

const buildTypes = [
  { value: '居住建筑', label: '居住建筑', children: [{ value: '住宅', label: '住宅' }] },
  {
    value: '公共建筑',
    label: '公共建筑',
    children: [
      {
        value: '办公建筑',
        label: '办公建筑',
        children: [
          { value: '商务办公', label: '商务办公' },
          { value: '行政办公', label: '行政办公' },
        ],
      },
    ],
  },
];
const cities = [
  {
    value: '320000',
    label: '江苏省',
    children: [
      { value: '320100', label: '南京市', lng: 118.796877, lat: 32.060255 },
      { value: '320200', label: '无锡市', lng: 120.3, lat: 31.57 },
    ],
  },
];
const engineering = { id: 5, name: '江北新区项目', code: 'P-5', latLng: '118.78,32.04' };

interface Options {
  user?: object;
  building?: Record<string, unknown>;
  buildings?: Record<string, unknown>[];
  onSave?: (c: Call) => { status?: number; body: unknown } | undefined;
}

function api({ user = plainUser, building, buildings = [], onSave }: Options = {}) {
  return stubFetch((c: Call) => {
    const p = c.url.pathname;
    if (p === '/api/sys/v1/sys/sysUser/currentUser') return ok(user);
    if (p === '/api/sys/v1/sys/sysUser/dropDownByOrg') return ok({ 2: '张三', 5: '王五', 6: '赵六' });
    if (p === '/api/sys/v1/sys/sysDict/items/buildType') return ok(buildTypes);
    if (p === '/api/sys/v1/sys/sysDict/items/city') return ok(cities);
    if (p === '/api/sys/v1/sys/sysDict/dropDown/structureType') return ok({ 框架结构: '框架结构', 钢结构: '钢结构' });
    if (p.startsWith('/api/sys/v1/sys/sysDict/')) return ok({});
    if (p === '/api/tpf/v1/tpf/tpf3Engineering/') return ok({ dataList: [engineering], total: 1 });
    if (p === '/api/tpf/v1/tpf/tpf3Engineering/5') return ok(engineering);
    if (p === '/api/tpf/v1/tpf/tpf3ProjectV/') return ok({ dataList: buildings, total: buildings.length });
    if (building && p === `/api/tpf/v1/tpf/tpf3ProjectV/${building.id}`) return ok(building);
    if (p === '/api/tpf/v1/tpf/tpf3ProjectV/42')
      return ok({ ...building, id: 42, name: '1号楼', createBy: 2, createByName: '张三' });
    if (p === '/api/tpf/v1/tpf/tpf3Project/' && (c.method === 'POST' || c.method === 'PUT')) {
      const answer = onSave?.(c);
      if (answer) return answer;
      return ok({ ...(c.body as object), id: (c.body as { id?: number }).id ?? 42 });
    }
    if (p.endsWith('/')) return ok({ dataList: [], total: 0 });
    return fail(404, '很抱歉，资源未找到!');
  });
}

const stored = {
  id: 7,
  engineeringId: 5,
  engineeringName: '江北新区项目',
  computeMethod: 'estimate',
  standard: 'JS-STD',
  stage: '方案设计',
  menus: 'produce,trans,build,runtime',
  name: '2号楼',
  code: 'B-2',
  status: '0',
  site: '南京市',
  buildType: '公共建筑/办公建筑/行政办公',
  structureType: '钢结构',
  useDateLimit: 50,
  buildArea: 800,
  height: 24,
  floorUp: 6,
  floorDown: 1,
  greenArea: null,
  buildYear: 2020,
  latLng: '118.7,32.1',
  buildOrg: '建设方',
  designOrg: '设计方',
  compileOrg: '编制方',
  userId: '5',
  remarks: '',
  createBy: 9,
  createByName: '王五',
  total: 12.5,
};

const open = async (path: string) => {
  setToken('tok', false);
  renderApp(path);
  return screen.findByRole('textbox', { name: /单体名称/ }, { timeout: 10_000 });
};
const input = (name: RegExp) => screen.getByRole('textbox', { name });
const combo = (name: RegExp) => screen.getByRole('combobox', { name });
const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const radio = (name: string) => screen.getByRole('radio', { name });

async function pick(field: RegExp, typed: string, option: string | RegExp) {
  const el = combo(field);
  fireEvent.change(el, { target: { value: typed } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('building info form: validation with the shared schema', () => {
  it('shows each failing field’s own message, notifies 表单校验失败 and sends nothing', async () => {
    const { calls } = api();
    await open('/estimate/project/info');
    fireEvent.change(input(/单体名称/), { target: { value: '一二三四五六七八九十一二三四五六七八九十一' } });
    fireEvent.change(input(/单体编码/), { target: { value: 'B#1' } });
    fireEvent.change(combo(/设计使用年限/), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('单体名称不超过 20 个字符')).toBeInTheDocument();
    expect(screen.getByText('单体编码不能包含 # \\ / : * ? " < > |')).toBeInTheDocument();
    expect(screen.getByText('请输入大于0的整数')).toBeInTheDocument();
    expect(screen.getByText('请至少选择一个计算阶段!')).toBeInTheDocument();
    expect(screen.getByText('请选择建设地点')).toBeInTheDocument();
    expect(screen.getByText('请选择建筑类型')).toBeInTheDocument();
    expect(await screen.findByText('表单校验失败, 请检查输入!')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // a name within 20 characters but with a forbidden character
    fireEvent.change(input(/单体名称/), { target: { value: '1号楼/A' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('单体名称不能包含 # \\ / : * ? " < > |')).toBeInTheDocument();
  });

  it('numeric inputs keep only digits and one decimal point, integers digits only', async () => {
    api();
    await open('/estimate/project/info');
    fireEvent.change(input(/建筑面积/), { target: { value: '1a2.3.4m²' } });
    expect(input(/建筑面积/)).toHaveValue('12.34');
    fireEvent.change(input(/地上层数/), { target: { value: '1.5层' } });
    expect(input(/地上层数/)).toHaveValue('15');
    expect(input(/建筑面积/)).toHaveAttribute('maxlength', '11');
    expect(input(/建筑高度/)).toHaveAttribute('maxlength', '10');
    expect(input(/地上层数/)).toHaveAttribute('maxlength', '3');
    expect(input(/地下层数/)).toHaveAttribute('maxlength', '3');
    fireEvent.change(combo(/设计使用年限/), { target: { value: '7x0' } });
    expect(combo(/设计使用年限/)).toHaveValue('70');
  });
});

describe('building info form: standard, stage and menus', () => {
  it('changing the standard clears the stage and reloads its stages, menus and disabled items', async () => {
    api();
    await open('/budget/project/info');
    // budget + JS-STD: 初步设计 and 废弃物处理 are disabled; the first enabled stage is chosen
    expect(radio('初步设计')).toBeDisabled();
    expect(radio('施工图设计')).toBeChecked();
    expect(checkbox('废弃物处理')).toBeDisabled();
    fireEvent.click(checkbox('建材生产'));
    expect(checkbox('建材生产')).toBeChecked();
    // JS-STD: produce is produce, trans and build
    expect(checkbox('建材运输')).toBeChecked();
    expect(checkbox('建筑建造')).toBeChecked();

    fireEvent.mouseDown(combo(/计算标准/));
    fireEvent.click(await screen.findByRole('option', { name: '国家标准GB/T 51366-2019' }));
    await waitFor(() => expect(combo(/计算标准/)).toHaveTextContent('国家标准GB/T 51366-2019'));
    expect(radio('初步设计')).not.toBeChecked();
    expect(radio('施工图设计')).not.toBeChecked();
    expect(radio('初步设计')).toBeEnabled();
    expect(checkbox('废弃物处理')).toBeEnabled();
  });

  it('accounting: the menu list follows the standard (JS-STD disables 维护改造, ZQYJG disables 拆除)', async () => {
    api();
    await open('/accounting/project/info');
    expect(checkbox('建筑维护改造')).toBeDisabled();
    expect(checkbox('建筑拆除')).toBeEnabled();
    fireEvent.mouseDown(combo(/计算标准/));
    fireEvent.click(await screen.findByRole('option', { name: '征求意见稿' }));
    await waitFor(() => expect(checkbox('建筑拆除')).toBeDisabled());
    expect(checkbox('建筑维护改造')).toBeEnabled();
    // no stage chosen (the 运行分项方式 radios, accounting only, keep their own choice: by accounting type)
    expect(screen.queryAllByRole('radio', { checked: true }).map((r) => (r as HTMLInputElement).name)).toEqual([
      'runtimeType',
    ]);
    expect(radio('运行使用')).toBeEnabled();
    // GB: stage index 1 empties produce and sets runtime; index 2 sets produce, trans, build and runtime
    fireEvent.mouseDown(combo(/计算标准/));
    fireEvent.click(await screen.findByRole('option', { name: '国家标准GB/T 51366-2019' }));
    fireEvent.click(checkbox('建材生产'));
    fireEvent.click(radio('运行使用'));
    expect(checkbox('建材生产')).not.toBeChecked();
    expect(checkbox('建筑运行')).toBeChecked();
    fireEvent.click(radio('建造交付及运行'));
    for (const m of ['建材生产', '建材运输', '建筑建造', '建筑运行']) expect(checkbox(m)).toBeChecked();
  });

  it('新建项目 in the project selector goes to project management', async () => {
    api();
    await open('/estimate/project/info');
    fireEvent.mouseDown(combo(/所属项目/));
    fireEvent.click(await screen.findByRole('option', { name: '新建项目' }));
    await waitFor(() => expect(window.location.pathname).toBe('/project/manage'));
  });

  it('estimate: ticking 建筑建造 ticks 建筑物化及拆除 (produce)', async () => {
    api();
    await open('/estimate/project/info');
    expect(checkbox('建筑物化及拆除')).not.toBeChecked();
    fireEvent.click(checkbox('建筑建造'));
    expect(checkbox('建筑建造')).toBeChecked();
    expect(checkbox('建筑物化及拆除')).toBeChecked();
  });
});

describe('building info form: collaborators and sync', () => {
  it('edit: a non-creator sees the collaborators disabled, with 创建人', async () => {
    api({ building: stored });
    await open('/estimate/project/info?id=7');
    await waitFor(() => expect(input(/单体名称/)).toHaveValue('2号楼'));
    expect(screen.getByText('创建人: 王五')).toBeInTheDocument();
    expect(combo(/协作人/)).toBeDisabled();
    expect(combo(/建筑类型/)).toHaveValue('公共建筑/办公建筑/行政办公');
    expect(combo(/结构类型/)).toHaveValue('钢结构');
    expect(radio('方案设计')).toBeChecked();
    expect(checkbox('建筑运行')).toBeChecked();
  });

  it('edit: the creator may change collaborators; the current building of the module is loaded without ?id', async () => {
    api({ building: { ...stored, createBy: 2, createByName: '张三' } });
    setCurrentBuilding({ id: 7, name: '2号楼', computeMethod: 'estimate', menus: 'produce' });
    await open('/estimate/project/info');
    await waitFor(() => expect(input(/单体名称/)).toHaveValue('2号楼'));
    expect(screen.getByText('创建人: 张三')).toBeInTheDocument();
    expect(combo(/协作人/)).toBeEnabled();
  });

  it('another module’s building opens under its own module', async () => {
    api({ building: stored });
    await open('/budget/project/info?id=7');
    await waitFor(() => expect(window.location.pathname).toBe('/estimate/project/info'));
    await waitFor(() => expect(input(/单体名称/)).toHaveValue('2号楼'));
    expect(checkbox('建筑物化及拆除')).toBeChecked();
  });

  it('the sync dialog says 暂无可选单体建筑 when there is nothing to pick', async () => {
    api();
    await open('/estimate/project/info');
    fireEvent.click(screen.getByRole('button', { name: '从已有单体同步' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('暂无可选单体建筑')).toBeInTheDocument();
  });

  it('syncing copies the information fields, not name or code', async () => {
    api({ buildings: [stored] });
    await open('/estimate/project/info');
    fireEvent.change(input(/单体名称/), { target: { value: '新楼' } });
    fireEvent.click(screen.getByRole('button', { name: '从已有单体同步' }));
    const dialog = await screen.findByRole('dialog');
    // the same pagination labels as every react-admin list (not MUI's own zhCN wording)
    expect(await within(dialog).findByText('第 1-1 条，共 1 条')).toBeInTheDocument();
    expect(within(dialog).getByText('每页行数')).toBeInTheDocument();
    fireEvent.click(await within(dialog).findByRole('button', { name: '同步' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(input(/单体名称/)).toHaveValue('新楼');
    expect(input(/单体编码/)).toHaveValue('');
    expect(combo(/建设地点/)).toHaveValue('南京市');
    expect(combo(/所属项目/)).toHaveValue('江北新区项目');
    expect(input(/建筑面积/)).toHaveValue('800');
    expect(radio('方案设计')).toBeChecked();
    expect(checkbox('建筑运行')).toBeChecked();
  });
});

describe('building info form: save', () => {
  /** A new building of project 5 with every field a save needs. */
  async function fillRequired() {
    await open('/estimate/project/info?engineeringId=5');
    await waitFor(() => expect(combo(/所属项目/)).toHaveValue('江北新区项目'));
    await waitFor(() => expect(input(/经纬度/)).toHaveValue('118.78,32.04'));
    await waitFor(() => expect(input(/编制单位/)).toHaveValue('示例设计院'));
    fireEvent.change(input(/单体名称/), { target: { value: ' 1号楼 ' } });
    fireEvent.change(input(/单体编码/), { target: { value: 'B-1' } });
    await pick(/建设地点/, '南京', '南京市');
    await pick(/建筑类型/, '商务', '公共建筑/办公建筑/商务办公');
    fireEvent.change(combo(/结构类型/), { target: { value: '钢木混合结构' } });
    fireEvent.change(input(/建筑面积/), { target: { value: '1200.5' } });
    fireEvent.change(input(/建筑高度/), { target: { value: '30' } });
    fireEvent.change(input(/地上层数/), { target: { value: '10' } });
    fireEvent.change(input(/地下层数/), { target: { value: '2' } });
    fireEvent.click(checkbox('建筑物化及拆除'));
  }

  /** The same, with two collaborators chosen. */
  async function fillNew() {
    await fillRequired();
    fireEvent.mouseDown(combo(/协作人/));
    fireEvent.click(await screen.findByRole('option', { name: '王五' }));
    fireEvent.click(await screen.findByRole('option', { name: '赵六' }));
  }

  it('create POSTs the schema fields: buildType joined by /, userId by ;, menus by ,; then 新增成功! and ?id=', async () => {
    const { calls } = api();
    await fillNew();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功!')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      computeMethod: 'estimate',
      engineeringId: 5,
      standard: 'JS-STD',
      stage: '可行性研究',
      menus: 'produce,trans,build',
      name: '1号楼',
      code: 'B-1',
      site: '南京市',
      buildType: '公共建筑/办公建筑/商务办公',
      structureType: '钢木混合结构',
      useDateLimit: 50,
      buildArea: 1200.5,
      height: 30,
      floorUp: 10,
      floorDown: 2,
      greenArea: null,
      buildYear: null,
      latLng: '118.78,32.04',
      buildOrg: '',
      designOrg: '',
      compileOrg: '示例设计院',
      userId: '5;6',
      // 校审: no signers chosen yet
      checkerId: null,
      reviewerId: null,
      approverId: null,
      remarks: '',
    });
    await waitFor(() => expect(window.location.search).toBe('?id=42'));
    expect(getCurrentBuilding()).toMatchObject({ id: 42, computeMethod: 'estimate', menus: 'produce,trans,build' });
  });

  it('保存并继续 goes to the first wizard stage; a server field error shows under its field', async () => {
    let first = true;
    api({
      onSave: () => {
        if (!first) return undefined;
        first = false;
        return fail(400, '表单校验失败, 请检查输入!', 2, [{ field: 'code', errorMsg: '单体编码已存在' }]);
      },
    });
    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: '保存并继续' }));
    expect((await screen.findAllByText('单体编码已存在')).length).toBeGreaterThan(0);
    expect(window.location.pathname).toBe('/estimate/project/info');
    fireEvent.click(screen.getByRole('button', { name: '保存并继续' }));
    await waitFor(() => expect(window.location.pathname).toBe('/estimate/produce'));
  });

  it('edit PUTs the full record with its id; 取消 goes to the list', async () => {
    const { calls } = api({ building: { ...stored, createBy: 2 } });
    await open('/estimate/project/info?id=7');
    await waitFor(() => expect(input(/单体名称/)).toHaveValue('2号楼'));
    fireEvent.change(input(/建筑高度/), { target: { value: '25.5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('保存成功!')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      id: 7,
      height: 25.5,
      buildType: '公共建筑/办公建筑/行政办公',
      userId: '5',
      menus: 'produce,trans,build,runtime',
      buildYear: 2020,
    });
    expect(put.body).not.toHaveProperty('status');
    expect(put.body).not.toHaveProperty('total');
    expect(put.body).not.toHaveProperty('engineeringName');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(window.location.pathname).toBe('/estimate/project/list'));
  });
});
