// The decision page's variants and phases on the client against a fake
// server: the signed differences of the comparison, the waterfall's bars, 另存为方案, the refused deletes, 切换,
// read-only buildings, phases (fewer than two → 暂无数据, linking), the picker's links and the tab in the URL.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import type { CompareAnswer, PhaseAnswer, Variant, WaterfallStep } from '../../src/client/decide/decideApi';
import { diffText } from '../../src/client/decide/texts';
import { waterfallBars, WATERFALL_COLORS } from '../../src/client/decide/Waterfall';
import { fail, ok, type Call, type Handler } from './fakeApi';
import { stubShell } from './shellFake';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/apply/ApplyPage';
import '../../src/client/decide/DecidePage';

const charts = vi.hoisted(() => [] as { type: string; series: any; options: Record<string, any> }[]);
vi.mock('react-apexcharts', () => ({
  default: (props: { type: string; series: unknown; options: Record<string, any> }) => {
    charts.push(props as never);
    return <div data-testid={`apex-${props.type}`} />;
  },
}));

const D = '/api/tpf/v1/tpf/decide';
const BUILDING = {
  id: 21,
  name: '研发楼',
  computeMethod: 'budget',
  menus: 'produce,trans,runtime',
  engineeringName: '园区',
  status: '0',
  total: 120.5,
};

const variant = (id: number, name: string, over: Partial<Variant> = {}): Variant => ({
  id,
  name,
  projectId: 21,
  origin: '手动保存',
  isBaseline: false,
  isCurrent: false,
  rowCount: 3,
  total: 100,
  streng3: 20,
  fields: {},
  calculatedAt: '2025-03-01T10:20:00.000Z',
  createDate: '2025-03-01',
  createByName: '张三',
  ...over,
});

const VARIANTS = [
  variant(1, '基准方案', { isBaseline: true }),
  variant(2, '方案B', { isCurrent: true, total: 101.23, streng3: 19.5 }),
  variant(3, '方案C', { total: null, streng3: null, calculatedAt: null }),
];

const STEPS: WaterfallStep[] = [
  { label: '基准方案', value: 100, kind: 'start' },
  { label: '建材生产', value: 1.23, kind: 'delta' },
  { label: '建筑运行', value: -0.5, kind: 'delta' },
  { label: '方案B', value: 100.73, kind: 'end' },
];

const COMPARE: CompareAnswer = {
  baseline: VARIANTS[0],
  compared: [
    {
      variant: VARIANTS[1],
      stages: [
        { field: 'produce', title: '建材生产', baseline: 26.97, value: 28.2, diff: 1.23, diffPct: 4.56 },
        { field: 'runtimeTotal', title: '建筑运行', baseline: 25, value: 24.5, diff: -0.5, diffPct: -2 },
      ],
      totalDiff: 0.73,
      totalDiffPct: 0.73,
      waterfall: STEPS,
      changes: [
        {
          stageTitle: '建材生产',
          label: 'C30混凝土',
          kind: 'changed',
          detail: '用量 100 → 120',
          before: 29500,
          after: 35400,
          diff: 5900,
        },
      ],
    },
  ],
};

const phase = (id: number, module: 'estimate' | 'budget' | 'accounting', moduleLabel: string, total: number) => ({
  id,
  name: `${moduleLabel}楼`,
  module,
  moduleLabel,
  calculated: true,
  total,
  streng3: 10,
  fields: {},
  readable: true,
});

function api(extra?: Handler, list: { variants: Variant[]; canEdit: boolean } = { variants: VARIANTS, canEdit: true }) {
  setToken('tok', false);
  return stubShell({
    extra: (c: Call) => {
      const hit = extra?.(c);
      if (hit) return hit;
      const p = c.url.pathname;
      if (p === '/api/tpf/v1/tpf/tpf3ProjectV/21') return ok(BUILDING);
      if (p === `${D}/21/variants` && c.method === 'GET') return ok(list);
      if (p === `${D}/21/variants/compare`) return ok(COMPARE);
      return undefined;
    },
  });
}

beforeEach(() => {
  charts.length = 0;
});

describe('figures', () => {
  it('signed differences with percentages, 2 decimals; no sign on a zero', () => {
    expect(diffText(1.234, 4.5612)).toBe('+1.23 (+4.56%)');
    expect(diffText(-0.5, -2)).toBe('-0.50 (-2.00%)');
    expect(diffText(0.001, null)).toBe('0.00');
    expect(diffText(1234.5, null)).toBe('+1,234.50');
  });

  it('the waterfall floats each delta from the running level; totals from zero; red up, green down', () => {
    const bars = waterfallBars(STEPS);
    expect(bars.categories).toEqual(['基准方案', '建材生产', '建筑运行', '方案B']);
    expect(bars.base).toEqual([0, 100, 100.73, 0]);
    expect(bars.up).toEqual([100, 1.23, 0.5, 100.73]);
    expect(bars.colors).toEqual([
      WATERFALL_COLORS.total,
      WATERFALL_COLORS.up,
      WATERFALL_COLORS.down,
      WATERFALL_COLORS.total,
    ]);
    // a bar crossing zero is split into its parts above and below
    const cross = waterfallBars([
      { label: '估算 总量', value: 2, kind: 'start' },
      { label: '碳汇', value: -5, kind: 'delta' },
    ]);
    expect([cross.base[1], cross.up[1], cross.down[1], cross.labelSeries[1]]).toEqual([0, 2, -3, 1]);
  });
});

describe('/decide 方案比选', () => {
  it('compares: the side-by-side table with signed differences and %, coloured by sign; the waterfall gets the steps; the row changes in t', async () => {
    const { calls } = api();
    renderApp('/decide?id=21&tab=variants');
    expect(await screen.findByRole('heading', { name: '决策分析 - 研发楼' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '方案比选' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: '方案对比' });
    const produce = within(table).getByText('建材生产').closest('tr')!;
    expect(within(produce).getByText('+1.23 (+4.56%)')).toHaveAttribute('data-sign', 'up');
    const runtime = within(table).getByText('建筑运行').closest('tr')!;
    expect(within(runtime).getByText('-0.50 (-2.00%)')).toHaveAttribute('data-sign', 'down');
    const intensity = within(table).getByText('强度(kgCO2e/(m²·a))').closest('tr')!;
    expect(within(intensity).getByText('-0.50 (-2.50%)')).toBeInTheDocument();
    expect(within(table).getByText('合计').closest('tr')).toHaveTextContent('+0.73 (+0.73%)');
    // default: every non-baseline variant (at most 3) is compared
    expect(calls.find((c) => c.url.pathname === `${D}/21/variants/compare`)!.url.searchParams.get('ids')).toBe('2,3');
    await waitFor(() => expect(charts.some((c) => c.options.chart?.stacked)).toBe(true));
    const chart = charts.filter((c) => c.options.chart?.stacked).pop()!;
    expect(chart.options.xaxis.categories).toEqual([['基准方案'], ['建材生产'], ['建筑运行'], ['方案B']]);
    expect(chart.series[1].data.map((d: { y: number }) => d.y)).toEqual([100, 1.23, 0.5, 100.73]);
    expect(chart.series[0].data.every((d: { fillColor: string }) => d.fillColor === 'transparent')).toBe(true);
    const changes = screen.getByRole('table', { name: '方案B 数据变化' });
    expect(within(changes).getByText('用量 100 → 120')).toBeInTheDocument();
    expect(within(changes).getByText('29.50')).toBeInTheDocument();
    expect(within(changes).getByText('+5.90')).toBeInTheDocument();
    // the list: chips and 未计算
    const rows = screen.getAllByTestId('variant-row');
    expect(within(rows[0]).getByText('基准')).toBeInTheDocument();
    expect(within(rows[1]).getByText('当前')).toBeInTheDocument();
    expect(within(rows[1]).getByText('101.23')).toBeInTheDocument();
    expect(within(rows[2]).getAllByText('未计算').length).toBe(3);
  });

  it('另存为方案 checks the name, posts it, and shows the server refusal in the dialog', async () => {
    let posted = 0;
    const { calls } = api((c) => {
      if (c.url.pathname === `${D}/21/variants` && c.method === 'POST') {
        posted++;
        return posted === 1 ? fail(400, '方案名称「方案B」已存在') : ok(variant(4, '方案D'));
      }
      return undefined;
    });
    renderApp('/decide?id=21&tab=variants');
    fireEvent.click(await screen.findByRole('button', { name: '另存为方案' }));
    const dialog = await screen.findByRole('dialog', { name: '另存为方案' });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入方案名称')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('方案名称'), {
      target: { value: '一二三四五六七八九十一二三四五六七八九十一' },
    });
    expect(within(dialog).getByText('方案名称不超过 20 个字符')).toBeInTheDocument();
    expect(posted).toBe(0);
    fireEvent.change(within(dialog).getByLabelText('方案名称'), { target: { value: ' 方案B ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('方案名称「方案B」已存在')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('方案名称'), { target: { value: '方案D' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('方案「方案D」已保存')).toBeInTheDocument();
    const bodies = calls.filter((c) => c.url.pathname === `${D}/21/variants` && c.method === 'POST').map((c) => c.body);
    expect(bodies).toEqual([{ name: '方案B' }, { name: '方案D' }]);
  });

  it('the current and the baseline variant cannot be deleted (disabled, the reason said); a server refusal is shown', async () => {
    const { calls } = api((c) =>
      c.url.pathname === `${D}/variants/3` && c.method === 'DELETE'
        ? fail(400, '当前方案不能删除，请先切换到其他方案')
        : undefined,
    );
    renderApp('/decide?id=21&tab=variants');
    const rows = await screen.findAllByTestId('variant-row');
    const delCurrent = within(rows[1]).getByRole('button', { name: '删除' });
    expect(delCurrent).toBeDisabled();
    expect(delCurrent.parentElement).toHaveAttribute('aria-label', '当前方案不能删除，请先切换到其他方案');
    expect(within(rows[0]).getByRole('button', { name: '删除' }).parentElement).toHaveAttribute(
      'aria-label',
      '基准方案不能删除，请先将其他方案设为基准',
    );
    fireEvent.click(within(rows[2]).getByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('当前方案不能删除，请先切换到其他方案')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === `${D}/variants/3` && c.method === 'DELETE')).toBe(true);
  });

  it('切换为当前方案 asks first (the stage screens will edit it), then posts the switch', async () => {
    const { calls } = api((c) =>
      c.url.pathname === `${D}/variants/3/switch` ? ok({ variants: VARIANTS, canEdit: true }) : undefined,
    );
    renderApp('/decide?id=21&tab=variants');
    const rows = await screen.findAllByTestId('variant-row');
    expect(within(rows[1]).getByRole('button', { name: '切换为当前方案' })).toBeDisabled();
    fireEvent.click(within(rows[2]).getByRole('button', { name: '切换为当前方案' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('各阶段录入页面将编辑方案「方案C」的数据');
    expect(dialog).toHaveTextContent('当前数据保存在方案「方案B」中');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已切换为方案「方案C」')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === `${D}/variants/3/switch`)!.method).toBe('POST');
  });

  it('a read-only building: every action disabled, saying 无权修改该单体; no variants → 暂无方案 with the explanation', async () => {
    api(undefined, { variants: [], canEdit: false });
    renderApp('/decide?id=21&tab=variants');
    expect(await screen.findByText('暂无方案')).toBeInTheDocument();
    expect(screen.getByText(/当前数据保存为「基准方案」/)).toBeInTheDocument();
    const save = screen.getByRole('button', { name: '另存为方案' });
    expect(save).toBeDisabled();
    expect(save.parentElement).toHaveAttribute('aria-label', '无权修改该单体');
  });
});

describe('/decide 阶段偏差', () => {
  it('fewer than two phases: 暂无数据 with the hint; linking posts the chosen building and shows the waterfall and the largest changes', async () => {
    const two: PhaseAnswer = {
      phases: [phase(21, 'budget', '概预算', 120.5), phase(30, 'estimate', '估算', 108.16)],
      steps: [
        {
          from: '估算',
          to: '概预算',
          diff: 12.34,
          diffPct: 11.41,
          stages: [{ field: 'produce', title: '建材生产', baseline: 50, value: 62.34, diff: 12.34, diffPct: 24.68 }],
          largest: [{ label: '建材生产', diff: 12.34 }],
        },
      ],
      waterfall: [
        { label: '估算 总量', value: 108.16, kind: 'start' },
        { label: '概预算：建材生产', value: 12.34, kind: 'delta' },
        { label: '概预算 总量', value: 120.5, kind: 'end' },
      ],
      notes: ['估算模块的建材生产包含运输、建造和拆除'],
      canEdit: true,
    };
    const { calls } = api((c) => {
      const p = c.url.pathname;
      if (p === `${D}/21/phases` && c.method === 'GET')
        return ok({
          phases: [phase(21, 'budget', '概预算', 120.5)],
          steps: [],
          waterfall: [],
          notes: [],
          canEdit: true,
        });
      if (p === `${D}/21/phases/candidates`)
        return ok({
          list: [{ id: 30, name: '估算楼', module: 'estimate', moduleLabel: '估算', engineeringName: '园区' }],
          more: 0,
        });
      if (p === `${D}/21/phases` && c.method === 'POST') return ok(two);
      return undefined;
    });
    renderApp('/decide?id=21&tab=phases');
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(
      screen.getByText('关联同一建筑的估算、概预算、核算单体后，可查看各阶段之间的碳排放变化'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('phase-waterfall')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '关联阶段' }));
    const dialog = await screen.findByRole('dialog', { name: '关联阶段' });
    fireEvent.click(await within(dialog).findByText('估算楼（估算）'));
    fireEvent.click(within(dialog).getByRole('button', { name: '关联' }));
    expect(await screen.findByTestId('phase-waterfall')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === `${D}/21/phases` && c.method === 'POST')!.body).toEqual({
      otherId: 30,
    });
    expect(screen.getAllByTestId('phase-card').map((c) => within(c).getByRole('link').textContent)).toEqual([
      '估算楼',
      '概预算楼',
    ]);
    expect(screen.getByRole('link', { name: '估算楼' })).toHaveAttribute('href', '/factors/result?projectId=30');
    expect(screen.getByText('建材生产 +12.34 t')).toBeInTheDocument();
    expect(screen.getByTestId('phase-step')).toHaveTextContent('+12.34 (+11.41%)');
    expect(screen.getByText('估算模块的建材生产包含运输、建造和拆除')).toBeInTheDocument();
    const chart = charts.filter((c) => c.options.chart?.stacked).pop()!;
    expect(chart.options.xaxis.categories).toEqual([['估算 总量'], ['概预算', '建材生产'], ['概预算 总量']]);
  });
});

describe('/decide page', () => {
  it('without id: the calculated buildings of every module, linking with the tab; searched by name', async () => {
    const { calls } = api((c) => {
      if (c.url.pathname !== '/api/tpf/v1/tpf/tpf3ProjectV/') return undefined;
      const all = [
        BUILDING,
        { ...BUILDING, id: 22, name: '估算楼', computeMethod: 'estimate', total: 50, status: '1' },
        { ...BUILDING, id: 23, name: '空楼', computeMethod: 'accounting', total: null, status: '0' },
      ];
      const name = c.url.searchParams.get('name') ?? '';
      return ok({ dataList: all.filter((b) => b.name.includes(name)), total: 3 });
    });
    renderApp('/decide?tab=phases');
    expect(await screen.findByText('估算楼')).toBeInTheDocument();
    expect(screen.queryByText('空楼')).toBeNull();
    const links = screen.getAllByRole('link', { name: '决策分析' }).map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/decide?id=21&tab=phases', '/decide?id=22&tab=phases']);
    expect(screen.getAllByTestId('picker-building').map((r) => r.textContent)).toEqual([
      expect.stringContaining('概预算'),
      expect.stringContaining('估算'),
    ]);
    fireEvent.change(screen.getByLabelText('单体建筑名称'), { target: { value: '估算' } });
    // waits for the searched request itself (研发楼 also leaves the page while the list reloads, before it is sent)
    const searched = () =>
      calls.find(
        (c) => c.url.pathname === '/api/tpf/v1/tpf/tpf3ProjectV/' && c.url.searchParams.get('name') === '估算',
      );
    await waitFor(() => expect(searched()).toBeDefined());
    const listed = searched()!;
    expect([
      listed.url.searchParams.get('name'),
      listed.url.searchParams.get('pageSize'),
      listed.url.searchParams.get('computeMethod'),
    ]).toEqual(['估算', '20', null]);
    await waitFor(() => expect(screen.queryByText('研发楼')).toBeNull());
    expect(screen.getByText('估算楼')).toBeInTheDocument();
  });

  it('a building not calculated yet is sent to its data; a tab click is kept in the URL', async () => {
    api((c) =>
      c.url.pathname === '/api/tpf/v1/tpf/tpf3ProjectV/24'
        ? ok({ ...BUILDING, id: 24, name: '新楼', total: null, status: '0' })
        : undefined,
    );
    const view = renderApp('/decide?id=24');
    expect(await screen.findByText('该单体尚未计算，请先完成各阶段数据录入并计算')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    view.unmount();
    renderApp('/decide?id=21&tab=bogus');
    fireEvent.click(await screen.findByRole('tab', { name: '阶段偏差' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('tab')).toBe('phases'));
    expect(screen.getByRole('tab', { name: '参考线' })).toHaveAttribute('aria-selected', 'false');
  });

  it('应用拓展 offers the decision tools after the imports (BIM模型导入, 预算文件导入), each leading to its tab', async () => {
    api();
    renderApp('/apply/project');
    const cards = await screen.findAllByTestId('apply-tool');
    const titles = cards.map((c) => within(c).getByRole('heading').textContent);
    expect(titles.slice(0, 7)).toEqual([
      'BIM模型导入',
      '预算文件导入',
      '方案比选',
      '阶段偏差分析',
      '热点与低碳替代',
      '不确定性分析',
      '参考线',
    ]);
    const hrefs = cards.slice(2, 7).map((c) => within(c).getByRole('link', { name: '进入' }).getAttribute('href'));
    expect(hrefs).toEqual([
      '/decide?tab=variants',
      '/decide?tab=phases',
      '/decide?tab=hotspots',
      '/decide?tab=uncertainty',
      '/decide?tab=reference',
    ]);
    for (const c of cards.slice(2, 7)) expect(c.textContent!.length).toBeGreaterThan(40);
  });
});
