// The decision page's 热点与替代 and 不确定性 on the client against a fake server: the hotspot table in tCO2e with shares, the
// Pareto chart's series, a substitute's 生成方案 (the POST body, the success text and link, the callback), rows
// without substitutes; the uncertainty bands, the sampling caption, 重新抽样 with other draws, the tornado by swing
// and the server's 400 as an info.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { Hotspot, HotspotAnswer, UncertaintyAnswer, Variant } from '../../src/client/decide/decideApi';
import { HotspotPanel } from '../../src/client/decide/HotspotPanel';
import { UncertaintyPanel } from '../../src/client/decide/UncertaintyPanel';
import { fail, ok, stubFetch } from './fakeApi';

const charts = vi.hoisted(() => [] as { type: string; series: any; options: Record<string, any> }[]);
vi.mock('react-apexcharts', () => ({
  default: (props: { type: string; series: unknown; options: Record<string, any> }) => {
    charts.push(props as never);
    return <div data-testid={`apex-${props.type}`} />;
  },
}));

const DECIDE = '/api/tpf/v1/tpf/decide';

function withProviders(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const spot = (rowId: number, over: Partial<Hotspot>): Hotspot => ({
  stage: 'produce',
  stageTitle: '建材生产',
  rowId,
  label: `材料${rowId}`,
  quantity: 100,
  unit: 'm3',
  factorName: 'C30混凝土',
  factorValue: 295,
  factorUnit: 'kgCO2e/m3',
  emission: 29500,
  share: 50,
  cumulative: 50,
  substitutes: [],
  ...over,
});

const HOTSPOTS: HotspotAnswer = {
  total: 59000,
  rows: [
    spot(11, {
      label: 'C30混凝土',
      emission: 29500,
      share: 50,
      cumulative: 50,
      substitutes: [
        {
          factorId: 501,
          name: 'C30混凝土（掺矿渣）',
          label: 'C30混凝土（掺矿渣）',
          factorValue: 240.5,
          factorUnit: 'kgCO2e/m3',
          source: 'EPD 2023',
          verification: 'V',
          emission: 24050,
          saving: 5450,
          savingPct: 18.474,
        },
      ],
    }),
    spot(12, { label: '加气块', emission: 17700.4, share: 30, cumulative: 80 }),
    spot(3, {
      stage: 'runtime',
      stageTitle: '建筑运行',
      label: '电力',
      quantity: 5000,
      unit: 'kWh',
      factorName: null,
      factorValue: 0.581,
      factorUnit: 'kgCO2/kWh',
      emission: 11799.6,
      share: 20,
      cumulative: 100,
    }),
  ],
  notes: ['替代只在同类型、同小类、同单位的因子中查找'],
};

const variant = (name: string): Variant => ({
  id: 91,
  projectId: 7,
  name,
  origin: '替代：C30混凝土 → C30混凝土（掺矿渣）',
  isBaseline: false,
  isCurrent: false,
  rowCount: 3,
  total: 53.55,
  streng3: 0.5,
  fields: {},
  calculatedAt: null,
  createDate: '2024-01-01',
  createByName: '张三',
});

describe('HotspotPanel', () => {
  it('the table in tCO2e with shares, the Pareto series, and no-substitute rows said so', async () => {
    charts.length = 0;
    stubFetch((call) => (call.url.pathname === `${DECIDE}/7/hotspots` ? ok(HOTSPOTS) : undefined));
    withProviders(<HotspotPanel projectId={7} />);
    const first = await screen.findByTestId('hotspot-produce-11');
    const cells = within(first)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 8)).toEqual([
      '1',
      '建材生产',
      'C30混凝土',
      '100.00 m3',
      'C30混凝土 295.0000 kgCO2e/m3',
      '29.50',
      '50.00',
      '50.00',
    ]);
    expect(within(screen.getByTestId('hotspot-produce-12')).getByText('暂无更低碳的同类因子')).toBeInTheDocument();
    expect(within(screen.getByTestId('hotspot-runtime-3')).getAllByRole('cell')[5]).toHaveTextContent(/^11\.80$/);
    expect(screen.getByText('替代只在同类型、同小类、同单位的因子中查找')).toBeInTheDocument();
    await waitFor(() => expect(charts.some((c) => c.series?.[1]?.type === 'line')).toBe(true));
    const pareto = charts.find((c) => c.series?.[1]?.type === 'line')!;
    expect(pareto.series[0].data).toEqual([29.5, 17.7, 11.8]);
    expect(pareto.series[1].data).toEqual([50, 80, 100]);
  });

  it('生成方案 posts { stage, rowId, factorId }, announces the variant with a link to 方案比选 and reports it', async () => {
    const { calls } = stubFetch((call) => {
      if (call.url.pathname === `${DECIDE}/7/hotspots`) return ok(HOTSPOTS);
      if (call.url.pathname === `${DECIDE}/7/substitute` && call.method === 'POST')
        return ok(variant('替代-C30混凝土'));
      return undefined;
    });
    const created = vi.fn();
    withProviders(<HotspotPanel projectId={7} onVariantCreated={created} />);
    const row = await screen.findByTestId('hotspot-produce-11');
    fireEvent.click(within(row).getByRole('button', { name: /低碳替代（1）/ }));
    const sub = await screen.findByTestId('substitute-501');
    expect(
      within(sub)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 7),
    ).toEqual(['C30混凝土（掺矿渣）', '240.5000 kgCO2e/m3', 'EPD 2023', '已核实', '24.05', '5.45', '18.47']);
    fireEvent.click(within(sub).getByRole('button', { name: '生成方案' }));
    const done = await screen.findByTestId('substitute-created');
    expect(done).toHaveTextContent('已生成方案「替代-C30混凝土」，可在方案比选中对比');
    expect(within(done).getByRole('link', { name: '查看方案比选' })).toHaveAttribute(
      'href',
      '/decide?id=7&tab=variants',
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { stage: 'produce', rowId: 11, factorId: 501 },
    ]);
    expect(created).toHaveBeenCalledWith(expect.objectContaining({ id: 91, name: '替代-C30混凝土' }));
  });

  it('on a phone the rows are blocks (no table) and 生成方案 works from them', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      const { calls } = stubFetch((call) => {
        if (call.url.pathname === `${DECIDE}/7/hotspots`) return ok(HOTSPOTS);
        if (call.url.pathname === `${DECIDE}/7/substitute`) return ok(variant('替代-C30混凝土'));
        return undefined;
      });
      withProviders(<HotspotPanel projectId={7} />);
      const item = await screen.findByTestId('hotspot-produce-11');
      expect(item.tagName).toBe('LI');
      expect(screen.queryByRole('table')).toBeNull();
      expect(item).toHaveTextContent('碳排放 29.50 tCO2e，占比 50.00%，累计 50.00%');
      fireEvent.click(within(item).getByRole('button', { name: /低碳替代/ }));
      const sub = await within(item).findByTestId('substitute-501');
      expect(sub).toHaveTextContent('替换后排放 24.05 tCO2e，可减排 5.45 tCO2e（18.47%）');
      fireEvent.click(within(sub).getByRole('button', { name: '生成方案' }));
      expect(await screen.findByTestId('substitute-created')).toHaveTextContent('已生成方案「替代-C30混凝土」');
      expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ stage: 'produce', rowId: 11, factorId: 501 });
    } finally {
      window.innerWidth = width;
    }
  });

  it('a refused substitute shows the server message', async () => {
    stubFetch((call) => {
      if (call.url.pathname === `${DECIDE}/7/hotspots`) return ok(HOTSPOTS);
      if (call.url.pathname === `${DECIDE}/7/substitute`) return fail(400, '每个单体最多保存 10 个方案');
      return undefined;
    });
    withProviders(<HotspotPanel projectId={7} />);
    fireEvent.click(within(await screen.findByTestId('hotspot-produce-11')).getByRole('button', { name: /低碳替代/ }));
    fireEvent.click(within(await screen.findByTestId('substitute-501')).getByRole('button', { name: '生成方案' }));
    expect(await screen.findByText('每个单体最多保存 10 个方案')).toBeInTheDocument();
    expect(screen.queryByTestId('substitute-created')).toBeNull();
  });
});

const band = (nominal: number) => ({
  nominal,
  mean: nominal * 1.01,
  sd: nominal * 0.1,
  p10: nominal * 0.87,
  p50: nominal,
  p90: nominal * 1.136,
});

const UNCERTAINTY: UncertaintyAnswer = {
  draws: 2000,
  seed: 1,
  total: { nominal: 1500, mean: 1512.345, sd: 98.765, p10: 1380.123, p50: 1505, p90: 1650.987 },
  intensity: band(15),
  histogram: [
    { from: 1200, to: 1400, count: 300 },
    { from: 1400, to: 1600, count: 1400 },
    { from: 1600, to: 1800, count: 300 },
  ],
  tornado: [
    { label: '设计使用年限', kind: 'life', low: 1450, high: 1560, swing: 110 },
    { label: '电网排放因子', kind: 'grid', low: 1300, high: 1700, swing: 400 },
  ],
  inputs: [{ label: '电网排放因子', distribution: '三角分布 0.5306–0.5827–0.5810 kgCO2/kWh（江苏 2021–2023）' }],
  notes: [],
  elapsedMs: 12.3449,
};

describe('UncertaintyPanel', () => {
  it('the bands, the caption, the histogram marks and the tornado by swing; 重新抽样 asks for other draws', async () => {
    charts.length = 0;
    const { calls } = stubFetch((call) => {
      if (call.url.pathname !== `${DECIDE}/7/uncertainty`) return undefined;
      const draws = Number(call.url.searchParams.get('draws'));
      return ok({ ...UNCERTAINTY, draws, seed: Number(call.url.searchParams.get('seed')) });
    });
    withProviders(<UncertaintyPanel projectId={7} module="budget" />);
    expect(await screen.findByTestId('band-total-p10')).toHaveTextContent(/^1,380\.12$/);
    expect(screen.getByTestId('band-total-p90')).toHaveTextContent(/^1,650\.99$/);
    expect(screen.getByTestId('band-total-sd')).toHaveTextContent(/^98\.77$/);
    expect(screen.getByTestId('band-intensity-p50')).toHaveTextContent(/^15\.00$/);
    expect(screen.getByTestId('sampling-caption')).toHaveTextContent('2000 次抽样，随机种子 1，用时 12.34 ms');
    expect(screen.getAllByTestId('tornado-bar').map((b) => b.getAttribute('aria-label'))).toEqual([
      '电网排放因子：1,300.00 – 1,700.00 tCO2e',
      '设计使用年限：1,450.00 – 1,560.00 tCO2e',
    ]);
    expect(screen.getByText('三角分布 0.5306–0.5827–0.5810 kgCO2/kWh（江苏 2021–2023）')).toBeInTheDocument();
    await waitFor(() => expect(charts.some((c) => c.options.annotations?.xaxis?.length === 4)).toBe(true));
    const hist = charts.find((c) => c.options.annotations?.xaxis?.length === 4)!;
    expect(hist.options.annotations.xaxis.map((a: { x: number }) => a.x)).toEqual([1380.12, 1505, 1650.99, 1500]);

    fireEvent.change(screen.getByLabelText('抽样次数'), { target: { value: '50000' } });
    fireEvent.click(screen.getByRole('button', { name: '重新抽样' }));
    expect(await screen.findByText('抽样次数应为 2000–20000 的整数')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('抽样次数'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('随机种子'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: '重新抽样' }));
    await waitFor(() => expect(screen.getByTestId('sampling-caption')).toHaveTextContent('5000 次抽样，随机种子 7'));
    expect(calls.map((c) => c.url.search)).toEqual(['?draws=2000&seed=1', '?draws=5000&seed=7']);
  });

  it('the server refusing (400) is an info alert, not a crash', async () => {
    stubFetch((call) =>
      call.url.pathname === `${DECIDE}/8/uncertainty`
        ? fail(400, '核算模块基于实际发生数据，不做不确定性分析')
        : undefined,
    );
    withProviders(<UncertaintyPanel projectId={8} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('核算模块基于实际发生数据，不做不确定性分析');
    expect(alert).toHaveClass('MuiAlert-colorInfo');
    expect(screen.queryByTestId('uncertainty-panel')).toBeNull();
  });
});
