// The building list against the fake API.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { getCurrentBuilding, setCurrentBuilding } from '../../src/client/session/currentBuilding';
import {
  availableColumns,
  cellText,
  columnsStorageKey,
  defaultColumns,
  splitUnit,
} from '../../src/client/buildings/buildingColumns';
import { fail, ok, plainUser, stubFetch, type Call } from './fakeApi';
import { renderApp } from './renderApp';
import { fakeClock, noticeTimesOut } from './clock';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/bim/BimPage';
import '../../src/client/budget/BudgetPage';
import '../../src/client/buildings/BuildingList';
import '../../src/client/buildings/form/BuildingForm';
import '../../src/client/results/ResultRoute';
import { atWidth } from './viewport';

const LIST = '/api/tpf/v1/tpf/tpf3Project/';

const rows = [
  {
    id: 11,
    name: '一号楼',
    code: 'B1',
    computeMethod: 'budget',
    standard: 'GB',
    stage: '施工图设计',
    site: '南京市',
    buildType: '居住建筑/住宅',
    structureType: '框架结构',
    buildArea: 12000,
    useDateLimit: 50,
    streng3: 12.345,
    total: null,
    produce: 3.1,
    status: '1',
    menus: 'produce,trans,runtime',
    engineeringId: 5,
    engineeringName: '示例项目',
    createDate: '2026-01-02T03:04:05Z',
  },
  {
    id: 12,
    name: '二号楼',
    code: 'B2',
    computeMethod: 'budget',
    standard: 'JS',
    stage: '初步设计',
    site: '苏州市',
    buildType: '公共建筑/办公',
    structureType: '剪力墙结构',
    buildArea: 800.5,
    useDateLimit: 50,
    streng3: null,
    total: 1234.5,
    status: '0',
    menus: 'produce',
    engineeringId: 6,
    engineeringName: '另一项目',
    createDate: '2026-01-01T03:04:05Z',
  },
];

function api(list: object[] = rows, extra?: (c: Call) => ReturnType<Parameters<typeof stubFetch>[0]>) {
  return stubFetch((c: Call) => {
    const p = c.url.pathname;
    const answer = extra?.(c);
    if (answer) return answer;
    if (p === '/api/sys/v1/sys/sysUser/currentUser') return ok(plainUser);
    if (p === LIST && c.method === 'GET') return ok({ dataList: list, total: list.length });
    if (p === '/api/sys/v1/sys/sysDict/dropDown/standard')
      return ok({ GB: '国家标准GB/T 51366-2019', JS: '江苏省导则', 'JS-STD': '江苏省标准' });
    if (p.startsWith('/api/sys/v1/sys/sysDict/')) return ok({});
    return ok(null);
  });
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname === LIST && c.method === 'GET');
// popovers and dialogs hide the page from the accessibility tree while open (or closing)
/** The column titles as read (a unit sits in its own element under the name). */
const headerTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader', { hidden: true })
    .map((th) => th.textContent);
const rowOf = (name: string) => screen.getAllByRole('row', { hidden: true }).find((r) => within(r).queryByText(name))!;

describe('building list columns', () => {
  it('offers the spec columns per page; runtimeChange only in accounting; 计算方式 only on /project/list', () => {
    expect(defaultColumns('budget')).toEqual([
      'engineeringName',
      'stage',
      'buildType',
      'structureType',
      'site',
      'useDateLimit',
      'buildArea',
      'reviewState',
      'streng3',
      'total',
    ]);
    expect(defaultColumns(undefined)[1]).toBe('computeMethod');
    expect(availableColumns('budget')).not.toContain('runtimeChange');
    expect(availableColumns('accounting')).toContain('runtimeChange');
    for (const c of ['standard', 'buildYear', 'produce', 'trans', 'build', 'remove', 'runtimeTotal', 'waste', 'green'])
      expect(availableColumns('estimate')).toContain(c);
    const labels = { standard: {}, computeMethod: {} };
    expect(cellText('total', null, labels)).toBe('0.00');
    expect(cellText('green', undefined, labels)).toBe('0.00');
    expect(cellText('streng3', 12.345, labels)).toBe('12.35');
    expect(cellText('standard', 'JS-STD', labels)).toBe('江苏省标准');
    expect(cellText('computeMethod', 'accounting', labels)).toBe('核算');
    expect(cellText('reviewState', 'review', labels)).toBe('待审核'); // 校审状态
    expect(cellText('total', 65711.515, labels)).toBe('65,711.52');
    expect(splitUnit('碳排放强度(kgCO2e/(m²·a))')).toEqual(['碳排放强度', '(kgCO2e/(m²·a))']);
    expect(splitUnit('单体名称')).toEqual(['单体名称', '']);
  });
});

describe('/{module}/project/list', () => {
  it('lists the module buildings: schema titles, 2 decimals and 0.00, page 10 by createDate descending', async () => {
    setToken('tok', false);
    const { calls } = api();
    renderApp('/budget/project/list');
    const table = await screen.findByRole('table');
    await within(table).findByText('一号楼');
    expect(headerTexts(table)).toEqual(
      expect.arrayContaining([
        '单体名称',
        '所属项目',
        '项目阶段',
        '建设地点',
        '建筑类型',
        '结构类型',
        '建筑面积(m²)',
        '设计使用年限(年)',
        '碳排放强度(kgCO2e/(m²·a))',
        '碳排放总量(tCO2e)',
        '操作',
      ]),
    );
    // a unit goes on its own smaller line under the column name (narrow result columns)
    const streng3 = within(table)
      .getAllByRole('columnheader')
      .find((th) => th.textContent === '碳排放强度(kgCO2e/(m²·a))')!;
    expect(within(streng3).getByText('碳排放强度')).toBeInTheDocument();
    expect(headerTexts(table)).not.toContain('计算方式');
    const one = rowOf('一号楼');
    expect(within(one).getByText('12.35')).toBeInTheDocument();
    expect(within(one).getByText('0.00')).toBeInTheDocument();
    expect(within(one).getByText('12,000.00')).toBeInTheDocument();
    expect(within(rowOf('二号楼')).getByText('1,234.50')).toBeInTheDocument();
    const q = listCalls(calls)[0].url.searchParams;
    expect(q.get('pageNum')).toBe('1');
    expect(q.get('pageSize')).toBe('10');
    expect(q.get('sortField')).toBe('createDate');
    expect(q.get('sortOrder')).toBe('descend');
    expect(q.get('computeMethod')).toBe('budget');
    // the one pagination label style (zh-CN.ts ra.navigation), as in the 从已有单体同步 dialog
    expect(screen.getByText('第 1-2 条，共 2 条')).toBeInTheDocument();
    expect(screen.getByText('每页行数')).toBeInTheDocument();
    // the name search is limited to 50 characters
    expect(screen.getByLabelText('单体名称')).toHaveAttribute('maxLength', '50');
    // breadcrumbs and the navbar's module name
    const crumbs = screen.getByRole('navigation', { name: '面包屑' });
    expect(within(crumbs).getByText('单体建筑列表')).toBeInTheDocument();
    expect(screen.getByTestId('module-name')).toHaveTextContent('建筑碳排放概预算');
  });

  it('on a phone: a card per building with its figures; a tap selects and opens it', async () => {
    await atWidth(390, async () => {
      api();
      setToken('tok', false);
      renderApp('/budget/project/list');
      const card = (await screen.findByText('二号楼')).closest('[role="button"], a, li')!;
      expect(screen.queryByRole('table')).toBeNull();
      expect(card).toHaveTextContent('建筑面积(m²)：800.50');
      expect(card).toHaveTextContent('碳排放总量(tCO2e)：1,234.50');
      fireEvent.click(card);
      await waitFor(() => expect(getCurrentBuilding()?.id).toBe(12));
    });
  });

  it('on a phone the filters wait behind one 筛选 button that counts the ones in use', async () => {
    await atWidth(390, async () => {
      const { calls } = api();
      setToken('tok', false);
      renderApp('/budget/project/list');
      await screen.findByText('二号楼');
      // no filter field above the records
      expect(screen.queryByLabelText('单体名称')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: '筛选' }));
      const dialog = await screen.findByRole('dialog', { name: '筛选' });
      fireEvent.change(within(dialog).getByLabelText('单体名称'), { target: { value: '二号' } });
      await waitFor(() =>
        expect(calls.some((c) => c.url.pathname === LIST && c.url.searchParams.get('name') === '二号')).toBe(true),
      );
      fireEvent.click(within(dialog).getByRole('button', { name: '完成' }));
      expect(await screen.findByRole('button', { name: '筛选（1）' })).toBeInTheDocument();
    });
  });

  it('an empty list shows 暂无数据', async () => {
    setToken('tok', false);
    api([]);
    renderApp('/estimate/project/list');
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('列设置: checkboxes show and hide columns, and the choice is kept per page in local storage', async () => {
    setToken('tok', false);
    api();
    const view = renderApp('/budget/project/list');
    const table = await screen.findByRole('table');
    await within(table).findByText('一号楼');
    expect(headerTexts(table)).not.toContain('建材生产(tCO2e)');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const picker = await screen.findByRole('dialog', { name: '列设置' });
    fireEvent.click(within(picker).getByRole('checkbox', { name: '建材生产(tCO2e)' }));
    fireEvent.click(within(picker).getByRole('checkbox', { name: '项目阶段' }));
    await waitFor(() => expect(headerTexts(table)).toContain('建材生产(tCO2e)'));
    expect(headerTexts(table)).not.toContain('项目阶段');
    expect(within(rowOf('一号楼')).getByText('3.10')).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(columnsStorageKey('budget'))!);
    expect(stored).toContain('produce');
    expect(stored).not.toContain('stage');
    expect(localStorage.getItem(columnsStorageKey('accounting'))).toBeNull();
    view.unmount();

    renderApp('/budget/project/list');
    const again = await screen.findByRole('table');
    await within(again).findByText('一号楼');
    expect(headerTexts(again)).toContain('建材生产(tCO2e)');
    expect(headerTexts(again)).not.toContain('项目阶段');
  });

  it('复制 asks 确定要复制此项目吗?: cancel says 操作已取消, confirm copies, says 操作成功 and reloads', async () => {
    setToken('tok', false);
    const { calls } = api(rows, (c) => (c.url.pathname === `${LIST}copy` ? ok({ ...rows[0], id: 13 }) : undefined));
    renderApp('/budget/project/list');
    await screen.findByText('一号楼');
    fireEvent.click(within(rowOf('一号楼')).getByRole('button', { name: '更多' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '复制' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要复制此项目吗?')).toBeInTheDocument();
    fakeClock();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(await screen.findByText('操作已取消')).toBeInTheDocument();
    await noticeTimesOut();
    expect(calls.some((c) => c.url.pathname === `${LIST}copy`)).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const before = listCalls(calls).length;
    fireEvent.click(within(rowOf('一号楼')).getByRole('button', { name: '更多' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '复制' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
    const copy = calls.find((c) => c.url.pathname === `${LIST}copy`)!;
    expect(copy.url.searchParams.get('projectId')).toBe('11');
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('删除 confirms and sends DELETE tpf3Project/?tpf3ProjectIds=<id>; deleting the current building clears it', async () => {
    setToken('tok', false);
    setCurrentBuilding({ id: 12, name: '二号楼', computeMethod: 'budget', menus: 'produce' });
    const { calls } = api();
    renderApp('/budget/project/list');
    await screen.findByText('二号楼');
    fireEvent.click(within(rowOf('二号楼')).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(`${del.url.pathname}${del.url.search}`).toBe('/api/tpf/v1/tpf/tpf3Project/?tpf3ProjectIds=12');
    expect(getCurrentBuilding()).toBeUndefined();
  });

  it("批量删除 of the selected buildings says the message catalogue's 删除成功!, not 操作成功", async () => {
    setToken('tok', false);
    const { calls } = api();
    renderApp('/budget/project/list');
    await screen.findByText('二号楼');
    fireEvent.click(within(rowOf('一号楼')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('二号楼')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '批量删除' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
    expect(screen.queryByText('操作成功')).toBeNull();
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.url.searchParams.getAll('tpf3ProjectIds')).toEqual(['11', '12']);
  });

  it('查看报告 is enabled only for a completed building and opens the module result with it selected', async () => {
    setToken('tok', false);
    api(rows, (c) => (c.url.pathname === '/api/tpf/v1/tpf/tpf3ProjectV/11' ? ok(rows[0]) : undefined));
    renderApp('/budget/project/list');
    await screen.findByText('一号楼');
    expect(within(rowOf('二号楼')).getByRole('button', { name: '查看报告' })).toBeDisabled();
    const report = within(rowOf('一号楼')).getByRole('button', { name: '查看报告' });
    expect(report).toBeEnabled();
    fireEvent.click(report);
    await waitFor(() => expect(window.location.pathname).toBe('/budget/result'));
    expect(getCurrentBuilding()).toMatchObject({ id: 11, computeMethod: 'budget', menus: 'produce,trans,runtime' });
  });

  it('clicking a name selects the building and opens its info form', async () => {
    setToken('tok', false);
    api();
    renderApp('/budget/project/list');
    fireEvent.click(await screen.findByRole('button', { name: '二号楼' }));
    await waitFor(() =>
      expect(`${window.location.pathname}${window.location.search}`).toBe('/budget/project/info?id=12'),
    );
    expect(getCurrentBuilding()).toMatchObject({ id: 12, name: '二号楼' });
  });

  it('更多 → BIM模型 and 预算文件导入 are disabled in estimate with a tooltip saying why; elsewhere each selects the building and opens /bim?id= or /bill?id=', async () => {
    setToken('tok', false);
    api(rows.map((r) => ({ ...r, computeMethod: 'estimate' })));
    const view = renderApp('/estimate/project/list');
    await screen.findByText('一号楼');
    fireEvent.click(within(rowOf('一号楼')).getByRole('button', { name: '更多' }));
    const off = await screen.findByRole('menuitem', { name: 'BIM模型' });
    expect(off).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(off);
    expect(window.location.pathname).toBe('/estimate/project/list');
    fireEvent.mouseOver(off.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('估算模块不支持BIM模型导入');
    const offBill = screen.getByRole('menuitem', { name: '预算文件导入' });
    expect(offBill).toHaveAttribute('aria-disabled', 'true');
    fireEvent.mouseOver(offBill.parentElement!);
    await waitFor(() =>
      expect(screen.getAllByRole('tooltip').some((t) => t.textContent === '估算模块不支持预算文件导入')).toBe(true),
    );
    view.unmount();

    setToken('tok', false);
    api();
    const view2 = renderApp('/budget/project/list');
    await screen.findByText('二号楼');
    fireEvent.click(within(rowOf('二号楼')).getByRole('button', { name: '更多' }));
    const on = await screen.findByRole('menuitem', { name: 'BIM模型' });
    expect(on).not.toHaveAttribute('aria-disabled');
    fireEvent.click(on);
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/bim?id=12'));
    expect(getCurrentBuilding()).toMatchObject({ id: 12, computeMethod: 'budget' });
    view2.unmount();

    setToken('tok', false);
    api();
    renderApp('/budget/project/list');
    await screen.findByText('二号楼');
    fireEvent.click(within(rowOf('二号楼')).getByRole('button', { name: '更多' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '预算文件导入' }));
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/bill?id=12'));
  });

  it('更多 → 导出表格 downloads that building’s workbook (getExcelByID) and says 导出表格成功', async () => {
    setToken('tok', false);
    const { calls } = api(rows, (c) =>
      c.url.pathname === `${LIST}getExcelByID` ? ok('/upload/b12.xlsx?token=t') : undefined,
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href')!);
    });
    renderApp('/budget/project/list');
    await screen.findByText('二号楼');
    fireEvent.click(within(rowOf('二号楼')).getByRole('button', { name: '更多' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '导出表格' }));
    expect(await screen.findByText('导出表格成功')).toBeInTheDocument();
    expect(clicked).toEqual(['/upload/b12.xlsx?token=t']);
    click.mockRestore();
    const exp = calls.filter((c) => c.url.pathname === `${LIST}getExcelByID`);
    expect(exp.map((c) => c.url.searchParams.get('projectID'))).toEqual(['12']);
  });

  it('更多 → 导出表格 shows the server’s refusal (an ended trial)', async () => {
    setToken('tok', false);
    api(rows, (c) =>
      c.url.pathname === `${LIST}getExcelByID` ? fail(403, '试用期已结束，请联系管理员开通正式账号') : undefined,
    );
    renderApp('/budget/project/list');
    await screen.findByText('一号楼');
    fireEvent.click(within(rowOf('一号楼')).getByRole('button', { name: '更多' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '导出表格' }));
    expect(await screen.findByText('试用期已结束，请联系管理员开通正式账号')).toBeInTheDocument();
  });

  it('engineeringId narrows the list; the chip 所属项目: <name> removes the filter', async () => {
    setToken('tok', false);
    const { calls } = api();
    renderApp('/budget/project/list?engineeringId=5&engineeringName=%E7%A4%BA%E4%BE%8B%E9%A1%B9%E7%9B%AE');
    const chip = await screen.findByText('所属项目: 示例项目');
    await screen.findByText('一号楼');
    expect(listCalls(calls).at(-1)!.url.searchParams.get('engineeringId')).toBe('5');
    const cancel = chip.closest('.MuiChip-root')!.querySelector('.MuiChip-deleteIcon')!;
    fireEvent.click(cancel);
    await waitFor(() => expect(window.location.search).toBe(''));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('engineeringId')).toBeNull());
    expect(screen.queryByText('所属项目: 示例项目')).toBeNull();
  });

  it('导出表格 sends the list filters and says 导出表格成功', async () => {
    setToken('tok', false);
    const { calls } = api(rows, (c) =>
      c.url.pathname === `${LIST}export` ? ok('/upload/list.xlsx?token=t') : undefined,
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href')!);
    });
    renderApp('/budget/project/list?engineeringId=5');
    await screen.findByText('一号楼');
    fireEvent.click(screen.getByRole('button', { name: '导出表格' }));
    expect(await screen.findByText('导出表格成功')).toBeInTheDocument();
    expect(clicked).toEqual(['/upload/list.xlsx?token=t']);
    click.mockRestore();
    const exp = calls.find((c) => c.url.pathname === `${LIST}export`)!;
    expect(exp.url.searchParams.get('computeMethod')).toBe('budget');
    expect(exp.url.searchParams.get('engineeringId')).toBe('5');
    expect(exp.url.searchParams.get('pageNum')).toBeNull();
  });

  it('新增 clears the current building and opens the module info form', async () => {
    setToken('tok', false);
    setCurrentBuilding({ id: 11, name: '一号楼', computeMethod: 'budget', menus: 'produce' });
    api();
    renderApp('/budget/project/list');
    await screen.findByText('一号楼');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    await waitFor(() => expect(window.location.pathname).toBe('/budget/project/info'));
    expect(getCurrentBuilding()).toBeUndefined();
  });
});

describe('/project/list', () => {
  it('lists every module with a 计算方式 column and filter; 新增 asks for the module', async () => {
    setToken('tok', false);
    const { calls } = api([rows[0], { ...rows[1], computeMethod: 'accounting' }]);
    renderApp('/project/list');
    const table = await screen.findByRole('table');
    await within(table).findByText('一号楼');
    expect(within(table).getByText('计算方式')).toBeInTheDocument();
    expect(within(rowOf('一号楼')).getByText('概预算')).toBeInTheDocument();
    expect(within(rowOf('二号楼')).getByText('核算')).toBeInTheDocument();
    expect(listCalls(calls)[0].url.searchParams.get('computeMethod')).toBeNull();
    expect(screen.getByLabelText('计算方式')).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: '面包屑' });
    expect(within(crumbs).getByText('单体建筑列表')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '建筑碳排放核算' }));
    await waitFor(() => expect(window.location.pathname).toBe('/accounting/project/info'));
  });
});
