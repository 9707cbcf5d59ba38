// The result page: indicators with 2 decimals, the donut's series and labels, the radio
// switching the bar chart to the runtime parts, the persisted fold state, and the export dialog's messages.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { setCurrentBuilding } from '../../src/client/session/currentBuilding';
import { FOLD_KEY } from '../../src/client/results/ResultPage';
import { fixed2, indicators, stageShares } from '../../src/client/results/resultModel';
import { stageColor } from '../../schemas/stageColors';
import { ok, plainUser, stubFetch, type Call } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/results/ResultRoute';

const charts = vi.hoisted(() => [] as { type: string; series: unknown; options: Record<string, any> }[]);
vi.mock('react-apexcharts', () => ({
  default: (props: { type: string; series: unknown; options: Record<string, any> }) => {
    charts.push(props);
    return <div data-testid={`apex-${props.type}`} data-series={JSON.stringify(props.series)} />;
  },
}));

const session = {
  id: 7,
  name: '七号楼',
  computeMethod: 'budget',
  standard: 'GB',
  menus: 'produce,trans,runtime,green',
  status: '1',
};
const building = {
  ...session,
  useDateLimit: 50,
  buildArea: 2000,
  produce: 1000,
  trans: 34.567,
  build: null,
  runtimeTotal: 465.433,
  green: -12.345,
  total: 1487.655,
  streng3: 14.87655,
  resultDetail: { parts: { airHot: 200, light: 265.433 }, breakdown: { airHot: 200, light: 265.433 }, stages: {} },
};

function api(detail: Record<string, unknown>, extra?: (c: Call) => ReturnType<Parameters<typeof stubFetch>[0]>) {
  return stubFetch((c) => {
    const answer = extra?.(c);
    if (answer) return answer;
    const p = c.url.pathname;
    if (p.endsWith('currentUser')) return ok(plainUser);
    if (p === '/api/tpf/v1/tpf/tpf3ProjectV/7') return ok(detail);
    if (p === '/api/sys/v1/sys/sysDict/dropDown/runtimePart')
      return ok({ airHot: '供暖', light: '照明', app: '设备及插座' });
    return ok({ dataList: [], total: 0 });
  });
}

const lastChart = (type: string) => [...charts].reverse().find((c) => c.type === type)!;

beforeEach(() => {
  charts.length = 0;
  setToken('tok', false);
});

describe('result figures', () => {
  it('indicators: total, per year, per area, streng3', () => {
    expect(indicators(building)).toEqual({
      total: 1487.655,
      perYear: 29753.1,
      perArea: 743.8275,
      perAreaYear: 14.87655,
    });
    expect(stageShares(building, 'budget', ['produce', 'trans', 'runtime', 'green'])).toEqual({
      codes: ['produce', 'trans', 'runtime'],
      labels: ['建材生产', '建材运输', '建筑运行'],
      series: [1000, 34.57, 465.43],
      colors: ['produce', 'trans', 'runtime'].map(stageColor),
      total: 1500,
    });
    // the donut's 合计 is the stored figures' sum rounded once, not the sum of the rounded slices
    const a1 = {
      produce: 11569.4,
      trans: 298.962,
      build: 904.13,
      remove: 90.413,
      runtimeTotal: 54948.61,
      green: -2100,
    };
    const shares = stageShares(a1, 'budget', ['produce', 'trans', 'build', 'remove', 'runtime', 'green']);
    expect(fixed2(shares.series.reduce((x, y) => x + y, 0))).toBe('67,811.51');
    expect(fixed2(shares.total)).toBe('67,811.52');
  });
});

describe('/{module}/result', () => {
  it('renders the indicators with 2 decimals, the donut, and the sink as 减碳', async () => {
    setCurrentBuilding(session);
    api(building);
    renderApp('/budget/result');
    const page = await screen.findByTestId('result-page');
    expect(await within(page).findByTestId('figure-碳排放总量(tCO2e)')).toHaveTextContent('1,487.66');
    expect(within(page).getByTestId('figure-年均碳排放(kgCO2e/a)')).toHaveTextContent('29,753.10');
    expect(within(page).getByTestId('figure-单位面积碳排放(kgCO2e/m²)')).toHaveTextContent('743.83');
    expect(within(page).getByTestId('figure-单位面积年均碳排放(kgCO2e/(m²·a))')).toHaveTextContent('14.88');
    expect(within(page).getByTestId('sink')).toHaveTextContent('减碳：-12.35 tCO2e');
    await screen.findByTestId('apex-donut');
    const donut = lastChart('donut');
    expect(donut.series).toEqual([1000, 34.57, 465.43]);
    expect(donut.options.labels).toEqual(['建材生产', '建材运输', '建筑运行']);
    // each slice in its stage's colour, the report donut's (schemas/stageColors.ts; tests/server/reportColors.test.ts)
    expect(donut.options.colors).toEqual(['produce', 'trans', 'runtime'].map(stageColor));
    // the centre sums the slices, which leave the sink out — and says so
    expect(donut.options.plotOptions.pie.donut.labels.total.label).toBe('排放合计(不含碳汇)');
    expect(donut.options.plotOptions.pie.donut.labels.total.formatter()).toBe('1,500.00');
    expect(donut.options.tooltip.y.formatter(1.005)).toMatch(/^1\.0[01]$/);
    expect(donut.options.dataLabels.formatter(12.3)).toBe('12.30%');
    const table = within(page).getByRole('table', { name: '各阶段碳排放' });
    expect(within(table).getByText('建材运输').closest('tr')).toHaveTextContent('34.57');
  });

  it('碳排放总量 is the stored total rounded once (65,711.515 → 65,711.52, as the reports print it), not a sum', async () => {
    setCurrentBuilding(session);
    api({ ...building, total: 65711.515 });
    renderApp('/budget/result');
    expect(await screen.findByTestId('figure-碳排放总量(tCO2e)')).toHaveTextContent(/^65,711\.52$/);
  });

  it('the radios switch the bar chart; 建筑运行 shows its parts with dictionary labels', async () => {
    setCurrentBuilding(session);
    api(building);
    renderApp('/budget/result');
    const radios = await screen.findByRole('radiogroup', { name: '计算阶段' });
    expect(
      within(radios)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['produce', 'trans', 'runtime', 'green']);
    await screen.findAllByTestId('apex-bar');
    expect(lastChart('bar').options.xaxis.categories).toEqual(['建材生产']);
    expect(lastChart('bar').series).toEqual([{ name: '碳排放(tCO2e)', data: [1000] }]);
    fireEvent.click(within(radios).getByLabelText('建筑运行'));
    await waitFor(() => expect(lastChart('bar').options.xaxis.categories).toEqual(['供暖', '照明']));
    expect(lastChart('bar').series).toEqual([{ name: '碳排放(tCO2e)', data: [200, 265.43] }]);
    fireEvent.click(within(radios).getByLabelText('碳汇'));
    await waitFor(() => expect(lastChart('bar').options.xaxis.categories).toEqual(['减碳']));
    expect(lastChart('bar').series).toEqual([{ name: '碳排放(tCO2e)', data: [-12.35] }]);
  });

  it('accounting breakdown labels: 能源, 日常用水, 可再生能源', async () => {
    const acc = { ...session, computeMethod: 'accounting', menus: 'supplement,runtime,voucher' };
    setCurrentBuilding(acc);
    api({ ...building, ...acc, resultDetail: { parts: {}, breakdown: { gas: 10, water: 2, renew: -3 } } });
    renderApp('/accounting/result');
    const radios = await screen.findByRole('radiogroup', { name: '计算阶段' });
    fireEvent.click(within(radios).getByLabelText('建筑运行'));
    await waitFor(() => expect(lastChart('bar').options.xaxis.categories).toEqual(['能源', '日常用水', '可再生能源']));
  });

  it('the 计算结果 panel folds and the state is kept in local storage', async () => {
    setCurrentBuilding(session);
    api(building);
    const { unmount } = renderApp('/budget/result');
    const header = await screen.findByRole('button', { name: '计算结果' });
    expect(header).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(header);
    await waitFor(() => expect(header).toHaveAttribute('aria-expanded', 'false'));
    expect(localStorage.getItem(FOLD_KEY)).toBe('0');
    unmount();
    renderApp('/budget/result');
    expect(await screen.findByRole('button', { name: '计算结果' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("计算依据与说明: the standard's formula basis and the intensity definitions", async () => {
    setCurrentBuilding(session);
    api(building);
    renderApp('/budget/result');
    const basis = await screen.findByTestId('result-basis');
    expect(basis).toHaveTextContent('计算依据：按《建筑碳排放计算标准》GB/T 51366-2019——各阶段的计算公式按该标准');
    expect(basis).toHaveTextContent('运行碳排放强度按 GB/T 51366-2019 第4.1条将碳汇（减碳）计入运行阶段');
    // a Jiangsu guideline building: no provincial rule applied, the rest GB/T 51366-2019
    setCurrentBuilding({ ...session, standard: 'JS' });
    api({ ...building, standard: 'JS' });
    renderApp('/budget/result');
    await waitFor(() =>
      expect(screen.getAllByTestId('result-basis').at(-1)).toHaveTextContent('未采用任何江苏省导则专用计算规则'),
    );
    expect(screen.getAllByTestId('result-basis').at(-1)).toHaveTextContent(
      '其余均按《建筑碳排放计算标准》GB/T 51366-2019',
    );
  });

  it('an accounting result: per-area and per-year figures on its basis (竣工建筑面积, one operating year)', async () => {
    // 12 500 m², 50 a, 建筑运行 402.063 t over 1 a, total 4 683.4294 t (demo C3):
    //   年均 = (4 683.4294 − 402.063) × 1000 ÷ 50 + 402.063 × 1000 ÷ 1 = 85 627.328 + 402 063 = 487 690.328 kgCO2e/a
    //   单位面积 = 4 683 429.4 ÷ 12 500 = 374.67; 单位面积年均 = the stored streng3 39.02
    const acc = {
      ...session,
      computeMethod: 'accounting',
      standard: 'ZQYJG',
      menus: 'supplement,produce,runtime,voucher',
    };
    setCurrentBuilding(acc);
    const basis = {
      area: 12500,
      areaSource: '核算信息补充：竣工建筑面积',
      designYears: 50,
      operationYears: 1,
      operationYearsSource: '实际能源用量各行填写的运行年数',
    };
    const c3 = {
      ...building,
      ...acc,
      buildArea: 12500,
      produce: 4281.3664,
      trans: 0,
      runtimeTotal: 402.063,
      green: 0,
      total: 4683.4294,
      streng3: 39.02,
      resultDetail: { parts: {}, breakdown: {}, stages: {}, basis },
    };
    expect(indicators(c3)).toEqual({
      total: 4683.4294,
      perYear: expect.closeTo(487_690.328, 6),
      perArea: expect.closeTo(374.674352, 9),
      perAreaYear: 39.02,
    });
    api(c3);
    renderApp('/accounting/result');
    expect(await screen.findByTestId('figure-年均碳排放(kgCO2e/a)')).toHaveTextContent('487,690.33');
    expect(screen.getByTestId('result-basis')).toHaveTextContent(
      '核算：建筑面积取核算信息补充：竣工建筑面积 12,500.00 m²；实测运行能耗的运行年数取实际能源用量各行填写的运行年数 1 年',
    );
    expect(screen.getByTestId('result-basis')).toHaveTextContent('计算依据：征求意见稿');
  });

  it('no result yet: 暂无数据', async () => {
    setCurrentBuilding({ ...session, status: '0' });
    api({ ...session, status: '0', total: null });
    renderApp('/budget/result');
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });
});

describe('导出报告', () => {
  it('an incomplete building: 未完成项目，暂无报告 and no call', async () => {
    setCurrentBuilding({ ...session, status: '0' });
    const { calls } = api({ ...building, status: '0' });
    renderApp('/budget/result');
    fireEvent.click(await screen.findByRole('button', { name: '导出报告' }));
    const dialog = await screen.findByRole('dialog', { name: '导出报告' });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('未完成项目，暂无报告')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.includes('exportPdf'))).toBe(false);
  });

  it('word: calls exportPdf with type=word, downloads the URL, 导出成功', async () => {
    setCurrentBuilding(session);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const clicked: string[] = [];
    const { calls } = api(building, (c) =>
      c.url.pathname === '/api/tpf/v1/tpf/tpf3Project/exportPdf' ? ok('/files/report.docx') : undefined,
    );
    renderApp('/budget/result');
    fireEvent.click(await screen.findByRole('button', { name: '导出报告' }));
    const dialog = await screen.findByRole('dialog', { name: '导出报告' });
    fireEvent.click(within(dialog).getByLabelText('Word'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('导出成功')).toBeInTheDocument();
    const call = calls.find((c) => c.url.pathname === '/api/tpf/v1/tpf/tpf3Project/exportPdf')!;
    expect(call.url.searchParams.get('projectId')).toBe('7');
    expect(call.url.searchParams.get('type')).toBe('word');
    expect(clicked).toEqual(['/files/report.docx']);
    click.mockRestore();
  });

  it('accounting uses tpfJs/exportWord (type=PDF); a failure shows 报告导出异常，请稍后再试！', async () => {
    const acc = { ...session, computeMethod: 'accounting', menus: 'supplement,runtime,voucher' };
    setCurrentBuilding(acc);
    const { calls } = api({ ...building, ...acc }, (c) =>
      c.url.pathname === '/api/js/v1/js/tpfJs/exportWord'
        ? { status: 500, body: { code: 0, message: 'x', data: null } }
        : undefined,
    );
    renderApp('/accounting/result');
    fireEvent.click(await screen.findByRole('button', { name: '导出报告' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '导出报告' })).getByRole('button', { name: '确定' }),
    );
    expect(await screen.findByText('报告导出异常，请稍后再试！')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/js/v1/js/tpfJs/exportWord')!.url.searchParams.get('type')).toBe(
      'PDF',
    );
  });

  it('a trial account cannot choose Word (the reason is shown); an expired trial sees the 403 message', async () => {
    setCurrentBuilding(session);
    const trial = { ...plainUser, isTrial: true, trialDaysLeft: 0, trialExpired: true };
    stubFetch((c) => {
      const p = c.url.pathname;
      if (p.endsWith('currentUser')) return ok(trial);
      if (p === '/api/tpf/v1/tpf/tpf3Project/exportPdf')
        return { status: 403, body: { code: 0, message: '试用期已结束，请联系管理员开通正式账号', data: null } };
      if (p === '/api/tpf/v1/tpf/tpf3ProjectV/7') return ok(building);
      return ok({ dataList: [], total: 0 });
    });
    renderApp('/budget/result');
    fireEvent.click(await screen.findByRole('button', { name: '导出报告' }));
    const dialog = await screen.findByRole('dialog', { name: '导出报告' });
    expect(within(dialog).getByLabelText('Word')).toBeDisabled();
    expect(within(dialog).getByText('试用账号不能导出Word报告，请联系管理员开通正式账号')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('试用期已结束，请联系管理员开通正式账号')).toBeInTheDocument();
  });
});
