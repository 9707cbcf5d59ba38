// /project/manage: the engineering list against the fake API — columns, numbers,
// search, paging params, the create/edit dialog with its validation messages, server field errors, delete
// with confirmation, 新建单体 and the link to the buildings.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { fail, ok, plainUser, stubFetch, type Call } from './fakeApi';
import { renderApp } from './renderApp';
import { atWidth } from './viewport';
import { fakeClock, noticeTimesOut } from './clock';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/buildings/BuildingList';
import '../../src/client/buildings/form/BuildingForm';
import '../../src/client/engineering/EngineeringList';
import { cityTree } from './mapCities';
import { numericInput, toBody, validateBody, emptyValues } from '../../src/client/engineering/engineeringForm';

const LIST = '/api/tpf/v1/tpf/tpf3Engineering/';

const rows = [
  {
    id: 7,
    name: '河西新城综合体',
    code: 'HX-01',
    buildOrg: '建设公司',
    designOrg: '设计院',
    buildArea: 12345.6,
    site: '南京市',
    remarks: '江苏省南京市建邺区',
    latLng: '118.730000,32.000000',
    projectCount: 3,
    endCount: 2,
    total: 1520.456,
    createDate: '2026-03-01T08:00:00Z',
  },
  {
    id: 5,
    name: '苏州工业园',
    code: 'SZ-02',
    buildOrg: '',
    designOrg: '',
    buildArea: null,
    site: '苏州市',
    remarks: '江苏省苏州市',
    latLng: '',
    projectCount: 0,
    endCount: 0,
    total: null,
    createDate: '2026-02-01T08:00:00Z',
  },
];

type Answer = ReturnType<typeof ok> | undefined;

function api(opts: { rows?: object[]; total?: number; on?: (c: Call) => Answer } = {}) {
  const list = opts.rows ?? rows;
  return stubFetch((c) => {
    const p = c.url.pathname;
    const own = opts.on?.(c);
    if (own) return own;
    if (p === '/api/sys/v1/sys/sysUser/currentUser') return ok(plainUser);
    if (p === '/api/sys/v1/sys/sysDict/items/city') return ok(cityTree);
    if (p === '/api/sys/v1/sys/sysConfig/mapSettings') return ok({ tileUrl: '', subdomains: '', attribution: '' });
    if (p === LIST && c.method === 'GET') return ok({ dataList: list, total: opts.total ?? list.length });
    if (p.startsWith('/api/sys/v1/sys/sysDict/dropDown/')) return ok({});
    if (p.endsWith('/') && c.method === 'GET') return ok({ dataList: [], total: 0 });
    return undefined;
  });
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === LIST);

async function openPage() {
  setToken('tok', false);
  renderApp('/project/manage');
  await screen.findByText('河西新城综合体');
}

async function openCreate() {
  fireEvent.click(screen.getByRole('button', { name: '新增' }));
  return screen.findByRole('dialog', { name: '新增项目' });
}

const input = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;

describe('the engineering form rules (pure)', () => {
  it('area input keeps digits and one decimal point, at most 10 characters', () => {
    expect(numericInput('abc-12.3.4')).toBe('12.34');
    expect(numericInput('1,234.5㎡')).toBe('1234.5');
    expect(numericInput('12345678901234')).toBe('1234567890');
    expect(numericInput('..5')).toBe('.5');
  });

  it('the schema messages, after trimming', () => {
    expect(validateBody(toBody(emptyValues()))).toEqual({
      name: '请输入项目名称',
      code: '请输入项目编码',
      site: '请选择项目地址！',
      remarks: '请输入或点击地图选择项目位置',
    });
    const ok1 = {
      ...emptyValues(),
      name: '  项目  ',
      code: ' C1 ',
      site: '南京市',
      remarks: ' 江苏省南京市 ',
      buildArea: '12.5',
    };
    expect(toBody(ok1)).toMatchObject({ name: '项目', code: 'C1', remarks: '江苏省南京市', buildArea: 12.5 });
    expect(validateBody(toBody(ok1))).toEqual({});
    expect(validateBody(toBody({ ...ok1, name: 'x'.repeat(51), code: 'y'.repeat(51) }))).toEqual({
      name: '项目名称不超过 50 个字符',
      code: '项目编码不超过 50 个字符',
    });
    expect(validateBody(toBody({ ...ok1, buildArea: '.' }))).toEqual({ buildArea: '总建筑面积应为非负数' });
    expect(validateBody({ ...toBody(ok1), buildArea: -1 })).toEqual({ buildArea: '总建筑面积应为非负数' });
    expect(toBody({ ...ok1, buildArea: '' }).buildArea).toBeNull();
  });
});

describe('/project/manage', () => {
  it('lists the projects: title, columns, 序号, numbers with 2 decimals, 0.00 for an empty total, the paging params', async () => {
    const { calls } = api();
    await openPage();
    expect(within(screen.getByRole('navigation', { name: '面包屑' })).getByText('项目管理')).toBeInTheDocument();
    for (const h of [
      '序号',
      '项目名称',
      '项目编码',
      '单体数量',
      '已完成数量',
      '所在城市',
      '总建筑面积(m²)',
      '碳排放总量(tCO2e)',
      '操作',
    ]) {
      expect(screen.getAllByText(h).length).toBeGreaterThan(0);
    }
    const table = screen.getByRole('table');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(
      expect.arrayContaining([
        '1',
        '河西新城综合体',
        'HX-01',
        '3',
        '2',
        '南京市',
        '12,345.60',
        '1,520.46未完成 1 个未计入',
      ]),
    );
    // the total sums the completed buildings only, and says so when one is left out
    expect(within(first).getByLabelText('1,520.46（已完成的单体 2 个；未完成 1 个未计入）')).toBeInTheDocument();
    expect(
      within(second)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['2', '苏州工业园', '苏州市', '0.00']));
    const q = listCalls(calls)[0].url.searchParams;
    expect(q.get('pageNum')).toBe('1');
    expect(q.get('pageSize')).toBe('10');
    expect(q.get('sortField')).toBe('createDate');
    expect(q.get('sortOrder')).toBe('descend');
    // page sizes 5/10/25/50/100
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /每页行数|Rows per page|每页/ }));
    const opts = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(opts).toEqual(['5', '10', '25', '50', '100']);
  });

  it('on a phone: a card per project with its figures and units, the total saying what it leaves out, 编辑 and 删除; its name opens its buildings', async () => {
    await atWidth(390, async () => {
      api();
      await openPage();
      expect(screen.queryByRole('table')).toBeNull();
      const card = screen.getByText('河西新城综合体').closest('li')!;
      expect(card).toHaveTextContent('单体数量：3 个（已完成 2 个）');
      expect(card).toHaveTextContent('总建筑面积：12,345.60 m²');
      expect(card).toHaveTextContent('碳排放总量：1,520.46 tCO2e（未完成 1 个未计入）');
      expect(screen.getByText('苏州工业园').closest('li')).toHaveTextContent('碳排放总量：0.00 tCO2e');
      // the card's own actions, as the table's row has them; no button inside another
      expect(await within(card).findByRole('button', { name: '编辑' })).toBeInTheDocument();
      expect(await within(card).findByRole('button', { name: '删除' })).toBeInTheDocument();
      expect(card.querySelector('[role="button"] button, a button, button button')).toBeNull();
      fireEvent.click(within(card).getByRole('button', { name: '编辑' }));
      expect(await screen.findByRole('dialog', { name: '编辑项目' })).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: '取消' }));
      fireEvent.click(await screen.findByRole('button', { name: '河西新城综合体' }));
      await waitFor(() => expect(window.location.pathname).toBe('/project/list'));
    });
  });

  it('an empty list says 暂无数据', async () => {
    api({ rows: [] });
    setToken('tok', false);
    renderApp('/project/manage');
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('searches by name (at most 20 characters) and by city', async () => {
    const { calls } = api();
    await openPage();
    const name = screen.getByLabelText('项目名称') as HTMLInputElement;
    expect(name.maxLength).toBe(20);
    fireEvent.change(name, { target: { value: '河西' } });
    await waitFor(() => expect(listCalls(calls).some((c) => c.url.searchParams.get('name') === '河西')).toBe(true));

    const site = screen.getByRole('combobox', { name: '所在城市' });
    site.focus();
    fireEvent.change(site, { target: { value: 'suzhou' } });
    fireEvent.click(await screen.findByRole('option', { name: '苏州市' }));
    await waitFor(() =>
      expect(
        listCalls(calls).some(
          (c) => c.url.searchParams.get('site') === '苏州市' && c.url.searchParams.get('name') === '河西',
        ),
      ).toBe(true),
    );
  });

  it('the project name opens its buildings', async () => {
    api();
    await openPage();
    fireEvent.click(screen.getByRole('link', { name: '河西新城综合体' }));
    await waitFor(() => expect(window.location.pathname).toBe('/project/list'));
    const q = new URLSearchParams(window.location.search);
    expect(q.get('engineeringId')).toBe('7');
    expect(q.get('engineeringName')).toBe('河西新城综合体');
  });

  it('新建单体 offers 估算/概预算/核算 and opens that module’s building form for the project', async () => {
    api();
    await openPage();
    const row = screen.getByText('河西新城综合体').closest('tr')!;
    fireEvent.click(await within(row).findByRole('button', { name: '新建单体' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['估算', '概预算', '核算']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: '核算' }));
    await waitFor(() => expect(window.location.pathname).toBe('/accounting/project/info'));
    expect(new URLSearchParams(window.location.search).get('engineeringId')).toBe('7');
  });

  it('create: 确定 on an empty form shows every message and the toast, and sends nothing', async () => {
    const { calls } = api();
    await openPage();
    const dialog = await openCreate();
    expect(within(dialog).getByLabelText('地图')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入项目名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入项目编码')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择项目地址！')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入或点击地图选择项目位置')).toBeInTheDocument();
    expect(await screen.findByText('表单校验失败, 请检查输入!')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('create: blank-only text is trimmed away, over-long names are refused, the area keeps only a number', async () => {
    api();
    await openPage();
    const dialog = await openCreate();
    expect(input(dialog, /项目名称/).maxLength).toBe(50);
    expect(input(dialog, /项目编码/).maxLength).toBe(50);
    fireEvent.change(input(dialog, /项目名称/), { target: { value: '   ' } });
    fireEvent.change(input(dialog, /项目编码/), { target: { value: 'c'.repeat(51) } });
    fireEvent.change(input(dialog, /项目位置/), { target: { value: '   ' } });
    const area = input(dialog, /总建筑面积/);
    fireEvent.change(area, { target: { value: '-12a3.4.5' } });
    expect(area).toHaveValue('123.45');
    expect(area.maxLength).toBe(10);
    fireEvent.change(area, { target: { value: '123456789012' } });
    expect(area).toHaveValue('1234567890');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入项目名称')).toBeInTheDocument();
    expect(within(dialog).getByText('项目编码不超过 50 个字符')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入或点击地图选择项目位置')).toBeInTheDocument();
    expect(input(dialog, /项目名称/)).toHaveValue('');
  });

  it('create: the address search fills 项目位置, 所在城市 and the point; POST sends the trimmed body; 新增成功! closes and refreshes', async () => {
    const { calls } = api({ on: (c) => (c.method === 'POST' && c.url.pathname === LIST ? ok({ id: 9 }) : undefined) });
    await openPage();
    const before = listCalls(calls).length;
    const dialog = await openCreate();
    fireEvent.change(input(dialog, /项目名称/), { target: { value: '  鼓楼医院二期 ' } });
    fireEvent.change(input(dialog, /项目编码/), { target: { value: ' GL-2 ' } });
    fireEvent.change(input(dialog, /建设单位/), { target: { value: '建设单位甲' } });
    fireEvent.change(input(dialog, /总建筑面积/), { target: { value: '8800.5' } });
    fireEvent.change(within(dialog).getByLabelText('搜索地点'), { target: { value: 'nanjing' } });
    fireEvent.click(await screen.findByRole('option', { name: /江苏省南京市/ }));
    expect(input(dialog, /项目位置/)).toHaveValue('江苏省南京市');
    expect(within(dialog).getByRole('combobox', { name: /所在城市/ })).toHaveValue('南京市');
    expect(input(dialog, /经度/)).toHaveValue('118.767413');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功!')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe(LIST);
    expect(post.body).toEqual({
      name: '鼓楼医院二期',
      code: 'GL-2',
      buildOrg: '建设单位甲',
      designOrg: '',
      buildArea: 8800.5,
      site: '南京市',
      remarks: '江苏省南京市',
      latLng: '118.767413,32.041544',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增项目' })).toBeNull());
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('create: a server code-2 answer shows its messages under the fields and keeps the dialog open', async () => {
    api({
      on: (c) =>
        c.method === 'POST'
          ? fail(400, '表单校验失败, 请检查输入!', 2, [{ field: 'code', errorMsg: '项目编码已存在' }])
          : undefined,
    });
    await openPage();
    const dialog = await openCreate();
    fireEvent.change(input(dialog, /项目名称/), { target: { value: '项目甲' } });
    fireEvent.change(input(dialog, /项目编码/), { target: { value: 'HX-01' } });
    fireEvent.change(input(dialog, /经度/), { target: { value: '118.78' } });
    fireEvent.change(input(dialog, /纬度/), { target: { value: '32.04' } });
    // a point (typed here): its nearest city becomes the address
    expect(input(dialog, /项目位置/)).toHaveValue('江苏省南京市');
    expect(within(dialog).getByRole('combobox', { name: /所在城市/ })).toHaveValue('南京市');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    const shown = await screen.findAllByText('项目编码已存在');
    expect(shown.some((el) => dialog.contains(el))).toBe(true);
    expect(screen.getByRole('dialog', { name: '新增项目' })).toBeInTheDocument();
  });

  it('edit: the dialog holds the record; PUT sends it with its id; 修改成功!', async () => {
    const { calls } = api({ on: (c) => (c.method === 'PUT' ? ok({ id: 7 }) : undefined) });
    await openPage();
    const row = screen.getByText('河西新城综合体').closest('tr')!;
    fireEvent.click(await within(row).findByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑项目' });
    expect(input(dialog, /项目名称/)).toHaveValue('河西新城综合体');
    expect(input(dialog, /总建筑面积/)).toHaveValue('12345.6');
    expect(within(dialog).getByRole('combobox', { name: /所在城市/ })).toHaveValue('南京市');
    expect(input(dialog, /经度/)).toHaveValue('118.730000');
    fireEvent.change(input(dialog, /项目名称/), { target: { value: '河西新城综合体（一期）' } });
    // choose another city in the picker
    const site = within(dialog).getByRole('combobox', { name: /所在城市/ });
    site.focus();
    fireEvent.change(site, { target: { value: '无锡' } });
    fireEvent.click(await screen.findByRole('option', { name: '无锡市' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功!')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe(LIST);
    expect(put.body).toEqual({
      id: 7,
      name: '河西新城综合体（一期）',
      code: 'HX-01',
      buildOrg: '建设公司',
      designOrg: '设计院',
      buildArea: 12345.6,
      site: '无锡市',
      remarks: '江苏省南京市建邺区',
      latLng: '118.730000,32.000000',
    });
  });

  it('edit: a click on the map moves the point and fills 项目位置 with the nearest city; the chosen city stays', async () => {
    const { calls } = api({ on: (c) => (c.method === 'PUT' ? ok({ id: 7 }) : undefined) });
    await openPage();
    const row = screen.getByText('河西新城综合体').closest('tr')!;
    fireEvent.click(await within(row).findByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑项目' });
    expect(input(dialog, /项目位置/)).toHaveValue('江苏省南京市建邺区');
    // move the view to 苏州 by typing the point there, then click the map: jsdom has no layout, so Leaflet
    // reads a click as the view's centre
    fireEvent.change(input(dialog, /经度/), { target: { value: '120.62' } });
    fireEvent.change(input(dialog, /纬度/), { target: { value: '31.3' } });
    fireEvent.change(input(dialog, /项目位置/), { target: { value: '园区星湖街 1 号' } });
    fireEvent.click(dialog.querySelector('.leaflet-container')!);
    expect(input(dialog, /项目位置/)).toHaveValue('江苏省苏州市');
    expect(within(dialog).getByRole('combobox', { name: /所在城市/ })).toHaveValue('南京市');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功!')).toBeInTheDocument();
    // the clicked point (Leaflet rounds the view to whole pixels: within a few metres of 120.62,31.3)
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, string>;
    expect(body).toMatchObject({ remarks: '江苏省苏州市', site: '南京市' });
    expect(body.latLng).toMatch(/^120\.6[12]\d+,31\.(29|30)\d+$/);
  });

  it('cancel closes the dialog without saving', async () => {
    const { calls } = api();
    await openPage();
    const dialog = await openCreate();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增项目' })).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('delete asks first: 取消 → 操作已取消; 确定 → DELETE /{id}, 删除成功!', async () => {
    const { calls } = api({ on: (c) => (c.method === 'DELETE' ? ok(null) : undefined) });
    await openPage();
    const row = () => screen.getByText('苏州工业园').closest('tr')!;
    fireEvent.click(await within(row()).findByRole('button', { name: '删除' }));
    let confirm = await screen.findByRole('dialog');
    fakeClock();
    // 取消 only closes: a plain close mark, not react-admin's default error mark
    expect(within(within(confirm).getByRole('button', { name: '取消' })).getByTestId('CloseIcon')).toBeInTheDocument();
    expect(within(confirm).queryByTestId('ErrorOutlineIcon')).toBeNull();
    fireEvent.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(await screen.findByText('操作已取消')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await noticeTimesOut();

    fireEvent.click(await within(row()).findByRole('button', { name: '删除' }));
    confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.url.pathname).toBe(`${LIST}5`);
  });

  it('deleting a project that still holds buildings shows the server’s message', async () => {
    api({ on: (c) => (c.method === 'DELETE' ? fail(400, '该项目下还有单体建筑，请先删除单体建筑') : undefined) });
    await openPage();
    const row = screen.getByText('河西新城综合体').closest('tr')!;
    fireEvent.click(await within(row).findByRole('button', { name: '删除' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('该项目下还有单体建筑，请先删除单体建筑')).toBeInTheDocument();
    expect(screen.queryByText('删除成功!')).toBeNull();
  });
});
