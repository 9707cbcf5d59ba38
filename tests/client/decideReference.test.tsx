// The decision page's 参考线 on the client against a fake server: published values (未知 for an unknown one, never 0; a
// range as low–high; no bar for an unknown line), the GB 55015-2021 chip and its saving (PUT with the number, the
// server's field message under the input, 清除 sends null), the percentile below 5 peers as an info, the result page's
// card and the compare page's GB 55015 row with the life-cycle lines.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { PublishedLine, ReferenceAnswer } from '../../src/client/decide/decideApi';
import { CompareReference } from '../../src/client/results/CompareReference';
import { ReferenceCard } from '../../src/client/results/ReferenceCard';
import { ReferencePanel } from '../../src/client/decide/ReferencePanel';
import { REF_INPUT_LABEL } from '../../src/client/results/ReferenceStrip';
import { LIFECYCLE_NOTE, OPERATION_NOTE } from '../../src/calc/intensity';
import { fail, ok, stubFetch, type Call } from './fakeApi';

const charts = vi.hoisted(() => [] as { type: string; series: any; options: Record<string, any> }[]);
vi.mock('react-apexcharts', () => ({
  default: (props: { type: string; series: unknown; options: Record<string, any> }) => {
    charts.push(props as never);
    return <div data-testid={`apex-${props.type}`} />;
  },
}));

const DECIDE = '/api/tpf/v1/tpf/decide';

const line = (id: number, over: Partial<PublishedLine>): PublishedLine => ({
  id,
  metric: 'lifecycle',
  metricLabel: '全生命周期碳排放强度',
  name: `参考线${id}`,
  buildType: '办公建筑',
  region: '全国',
  dataYear: '2022',
  value: null,
  low: null,
  high: null,
  unit: 'kgCO2e/(m²·a)',
  verification: 'V',
  verificationLabel: '已核实',
  source: '某研究报告',
  remarks: '',
  buildingValue: 40.5,
  diffPct: null,
  ...over,
});

const LINES = [
  line(1, { name: '办公典型值', value: 45.678, diffPct: -11.336 }),
  line(2, {
    name: '办公区间',
    low: 372.4,
    high: 525.9,
    metric: 'embodied',
    metricLabel: '隐含碳排放强度',
    unit: 'kgCO2e/m²',
    buildingValue: 400,
  }),
  line(3, { name: '未公开值', verification: 'U', verificationLabel: '未知', buildType: '全部' }),
  line(4, {
    name: '运行典型值',
    value: 30,
    metric: 'operation',
    metricLabel: '运行碳排放强度',
    unit: 'kgCO2/(m²·a)',
    buildingValue: 20,
    diffPct: -33.33,
  }),
];

const answer = (
  over: { ref?: number | null; pass?: boolean | null; percentile?: number | null; published?: PublishedLine[] } = {},
): ReferenceAnswer => {
  const ref = over.ref ?? null;
  const pass = over.pass === undefined ? null : over.pass;
  return {
    building: {
      id: 7,
      name: '七号楼',
      module: 'budget',
      buildType: '公共建筑/办公建筑',
      area: 2000,
      years: 50,
      operationYears: 50,
      notes: [],
      calculated: true,
      total: 1500,
      embodied: 400,
      operation: 20,
      lifecycle: 40.5,
    },
    gb55015: {
      refOperation: ref,
      operation: 20,
      reduction: ref == null ? null : ref - 20,
      required: 7,
      pass,
      text:
        ref == null
          ? '请输入基准建筑（按 2016 年版节能设计标准设计）的运行碳排放强度，以核对 GB 55015-2021 的降碳要求'
          : `运行碳排放强度 20.00 kgCO2/(m²·a)，较基准建筑 ${ref} 降低`,
    },
    published: over.published ?? LINES,
    percentile:
      over.percentile == null
        ? {
            peers: 3,
            min: 5,
            rank: null,
            percentile: null,
            median: null,
            text: '同类已完成计算的单体不足 5 个（当前 3 个），暂不显示百分位',
          }
        : {
            peers: 9,
            min: 5,
            rank: 3,
            percentile: over.percentile,
            median: 42,
            text: `在本集团 9 个同类单体（同建筑类型、同计算模块）中，碳排放强度由低到高排第 3 位，百分位 ${over.percentile}%`,
          },
  };
};

function withProviders(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** GET answers `get`; PUT answers what `put` makes of the body. */
function server(get: ReferenceAnswer, put?: (call: Call) => ReturnType<typeof ok>) {
  return stubFetch((call) => {
    if (call.url.pathname === `${DECIDE}/7/reference` && call.method === 'GET') return ok(get);
    if (call.url.pathname === `${DECIDE}/7/reference` && call.method === 'PUT' && put) return put(call);
    return undefined;
  });
}

describe('ReferencePanel', () => {
  it('an unknown value is 未知 (never 0), a range low–high, a missing difference —; unknown lines get no bar', async () => {
    charts.length = 0;
    server(answer());
    withProviders(<ReferencePanel projectId={7} />);
    const unknown = await screen.findByTestId('line-3');
    expect(within(unknown).getByTestId('line-value')).toHaveTextContent(/^未知$/);
    expect(within(unknown).getByTestId('line-diff')).toHaveTextContent('—');
    expect(within(unknown).getByText('未知', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(within(screen.getByTestId('line-2')).getByTestId('line-value')).toHaveTextContent('372.40–525.90');
    expect(within(screen.getByTestId('line-1')).getByTestId('line-value')).toHaveTextContent('45.68');
    expect(within(screen.getByTestId('line-1')).getByTestId('line-diff')).toHaveTextContent('-11.34%');
    // grouped: 隐含 before 运行 before 全生命周期
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings.filter((h) => /强度$/.test(h ?? ''))).toEqual([
      '隐含碳排放强度',
      '运行碳排放强度',
      '全生命周期碳排放强度',
    ]);
    await waitFor(() => expect(charts.some((c) => c.options.xaxis?.categories?.includes('办公典型值'))).toBe(true));
    const life = charts.find((c) => c.options.xaxis?.categories?.includes('办公典型值'))!;
    expect(life.options.xaxis.categories).toEqual(['本单体', '办公典型值']);
    expect(life.series[0].data).toEqual([40.5, 45.68]);
    const embodied = charts.find(
      (c) => c.options.xaxis?.categories?.[0] === '本单体' && c.options.annotations?.xaxis?.length,
    )!;
    expect(embodied.options.annotations.xaxis[0]).toMatchObject({ x: 372.4, x2: 525.9 });
  });

  it('no published lines: 暂无数据; fewer than 5 peers: the server text as an info', async () => {
    server(answer({ published: [] }));
    withProviders(<ReferencePanel projectId={7} />);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    const info = screen.getByTestId('percentile-text');
    expect(info).toHaveTextContent('同类已完成计算的单体不足 5 个（当前 3 个），暂不显示百分位');
    expect(info).toHaveClass('MuiAlert-colorInfo');
    expect(screen.getByTestId('gb55015-chip')).toHaveTextContent(/^待输入$/);
  });

  it('with 5 peers or more: the text and a progress at the percentile', async () => {
    server(answer({ percentile: 25 }));
    withProviders(<ReferencePanel projectId={7} />);
    expect(await screen.findByTestId('percentile-text')).toHaveTextContent('百分位 25%');
    expect(screen.getByRole('progressbar', { name: '百分位 25.00%' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText(/同类中位数 42.00/)).toBeInTheDocument();
  });

  it('saving the reference figure PUTs the number and shows the new chip; the server field message shows; 清除 sends null', async () => {
    const { calls } = server(answer(), (call) => {
      const v = (call.body as { refOperation: number | null }).refOperation;
      if (v === 5000)
        return fail(400, '请检查输入', 2, [{ field: 'refOperation', errorMsg: '基准建筑运行碳排放强度不能大于 1000' }]);
      return ok(v == null ? answer() : answer({ ref: v, pass: v - 20 >= 7 }));
    });
    withProviders(<ReferencePanel projectId={7} />);
    const input = await screen.findByLabelText(REF_INPUT_LABEL);
    fireEvent.change(input, { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('基准建筑运行碳排放强度不能大于 1000')).toBeInTheDocument();
    expect(screen.getByTestId('gb55015-chip')).toHaveTextContent(/^待输入$/);

    fireEvent.change(screen.getByLabelText(REF_INPUT_LABEL), { target: { value: '30.5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByTestId('gb55015-chip')).toHaveTextContent(/^满足$/));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.body)).toEqual([{ refOperation: 5000 }, { refOperation: 30.5 }]);
    expect(screen.getByTestId('gb55015-chip')).toHaveClass('MuiChip-colorSuccess');
    expect(screen.getByTestId('gb55015-reduction')).toHaveTextContent('10.50');
    expect(screen.getByLabelText(REF_INPUT_LABEL)).toHaveValue(30.5);

    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    await waitFor(() => expect(screen.getByTestId('gb55015-chip')).toHaveTextContent(/^待输入$/));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ refOperation: null });
  });

  it('a failing building: 未满足 in red', async () => {
    server(answer({ ref: 25, pass: false }));
    withProviders(<ReferencePanel projectId={7} />);
    const chip = await screen.findByTestId('gb55015-chip');
    expect(chip).toHaveTextContent(/^未满足$/);
    expect(chip).toHaveClass('MuiChip-colorError');
  });
});

describe('ReferenceCard and the compare rows', () => {
  it('the card: the status, the percentile text, at most three lines (the type before 全部) and the link to every line', async () => {
    server(answer({ ref: 30, pass: true }));
    withProviders(<ReferenceCard projectId={7} />);
    const card = await screen.findByTestId('reference-card');
    expect(await within(card).findByTestId('gb55015-chip')).toHaveTextContent(/^满足$/);
    expect(within(card).getByTestId('card-percentile')).toHaveTextContent('不足 5 个');
    expect(within(card).getByText('本单体运行碳排放强度（含碳汇）(kgCO2/(m²·a))')).toBeInTheDocument();
    const items = within(within(card).getByRole('list', { name: '公开参考值' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('办公典型值（办公建筑）：45.68'),
      expect.stringContaining('办公区间（办公建筑）：372.40–525.90'),
      expect.stringContaining('运行典型值'),
    ]);
    expect(within(card).getByRole('link', { name: '查看全部参考线' })).toHaveAttribute(
      'href',
      '/decide?id=7&tab=reference',
    );
  });

  it('the card of an accounting building says what its operation figure divides by', async () => {
    const note =
      '核算：建筑面积取核算信息补充：竣工建筑面积 12,500.00 m²；实测运行能耗的运行年数取实际能源用量各行填写的运行年数 1 年，建筑运行除以该年数为年均值；其余阶段按设计使用年限 50 年分摊。';
    const a = answer();
    server({
      ...a,
      building: {
        ...a.building,
        module: 'accounting',
        operationYears: 1,
        operation: 32.17,
        notes: [LIFECYCLE_NOTE, OPERATION_NOTE, note],
      },
      gb55015: { ...a.gb55015, operation: 32.17 },
    });
    withProviders(<ReferenceCard projectId={7} />);
    const basis = await screen.findByTestId('gb55015-basis');
    expect(basis).toHaveTextContent(note);
    expect(basis).toHaveTextContent(OPERATION_NOTE);
    expect(basis).not.toHaveTextContent('单位面积年均碳排放（全生命周期碳排放强度）');
    expect(screen.getByTestId('gb55015-operation')).toHaveTextContent('32.17');
  });

  it('compare: a GB 55015 row per building and the known life-cycle lines only', async () => {
    stubFetch((call) => {
      if (call.url.pathname === `${DECIDE}/7/reference`) return ok(answer({ ref: 30, pass: true }));
      if (call.url.pathname === `${DECIDE}/8/reference`)
        return ok({ ...answer({ ref: 22, pass: false }), building: { ...answer().building, id: 8, lifecycle: 55 } });
      return undefined;
    });
    withProviders(
      <CompareReference
        buildings={[
          { id: 7, name: '七号楼' },
          { id: 8, name: '八号楼' },
        ]}
      />,
    );
    const row = await screen.findByTestId('compare-gb55015');
    await waitFor(() =>
      expect(
        within(row)
          .getAllByTestId('gb55015-chip')
          .map((c) => c.textContent),
      ).toEqual(['满足', '未满足']),
    );
    expect(row).toHaveTextContent('降低 10.00');
    // the operation intensity (GB/T 51366 §4.1, sink included) per building, and the definitions
    const op = screen.getByTestId('compare-operation');
    expect(op).toHaveTextContent('运行碳排放强度（含碳汇）(kgCO2/(m²·a))');
    expect(
      within(op)
        .getAllByRole('cell')
        .slice(1)
        .map((c) => c.textContent),
    ).toEqual(['20.00', '20.00']);
    expect(screen.getByTestId('compare-intensity-notes')).toHaveTextContent(
      '运行碳排放强度按 GB/T 51366-2019 第4.1条将碳汇（减碳）计入运行阶段',
    );
    const table = screen.getByRole('table', { name: '参考线' });
    expect(within(table).getByText('办公典型值')).toBeInTheDocument();
    expect(within(table).queryByText('未公开值')).toBeNull();
    expect(within(table).queryByText('运行典型值')).toBeNull();
  });
});
