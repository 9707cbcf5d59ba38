// 合理性检查 on screen: the result page's card lists the stored flags (or 未发现超出参考范围的数值),
// every check with its range, verdict, line, mark and source, the figures not checked and the metrics without a
// published range (暂无公开范围); a result from before the review says 暂无数据; the 建材生产 计算过程 shows its flags.
import { atWidth } from './viewport';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { reviewPlausibility, type RangeLine } from '../../src/calc/plausibility';
import { setToken } from '../../src/client/providers/tokenStorage';
import { setCurrentBuilding } from '../../src/client/session/currentBuilding';
import { ok, plainUser, stubFetch, type Call } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/results/ResultRoute';

vi.mock('react-apexcharts', () => ({ default: (p: { type: string }) => <div data-testid={`apex-${p.type}`} /> }));

const STAGE = '/api/tpf/v1/tpf/stage';
const SRC = '土木在线《普通住宅建筑混凝土用量和用钢量》';
const lines: RangeLine[] = [
  {
    id: 1,
    metric: 'concrete',
    name: '住宅混凝土用量',
    buildType: '居住建筑',
    value: null,
    low: 0.3,
    high: 0.47,
    unit: 'm³/m²',
    verification: 'V',
    source: SRC,
  },
  {
    id: 2,
    metric: 'steel',
    name: '住宅钢筋用量',
    buildType: '居住建筑',
    value: null,
    low: 30,
    high: 75,
    unit: 'kg/m²',
    verification: 'V',
    source: SRC,
  },
  {
    id: 3,
    metric: 'operation',
    name: '全国平均运行碳排放强度',
    buildType: '全部',
    value: 33.5,
    low: null,
    high: null,
    unit: 'kgCO2/(m²·a)',
    verification: 'D',
    source: '推算',
  },
];
// A = 1 000 m²: 500 m³ C30 → 0.50 m³/m² (> 0.47), 180 t rebar → 180.00 kg/m² (> 75); operation 30 within 11.17–100.50
const review = (steelTonnes: number, concrete: number) =>
  reviewPlausibility({
    buildType: '居住建筑/住宅',
    area: 1000,
    intensities: { lifecycle: 12, embodied: 400, operation: 30 },
    stageRows: { produce: 2, runtime: 1 },
    lines,
    materials: [
      { materialName: 'C30混凝土', unit: 'm3', quantity: concrete, category: '混凝土' },
      { materialName: '热轧碳钢钢筋', unit: 't', quantity: steelTonnes, category: '钢铁' },
    ],
  });

const session = {
  id: 7,
  name: '七号楼',
  computeMethod: 'budget',
  standard: 'GB',
  menus: 'produce,runtime',
  status: '1',
};
const building = (plausibility: unknown) => ({
  ...session,
  useDateLimit: 50,
  buildArea: 1000,
  produce: 568.7,
  runtimeTotal: 1500,
  total: 2068.7,
  streng3: 41.37,
  resultDetail: { stages: {}, ...(plausibility === undefined ? {} : { plausibility }) },
});

function api(detail: Record<string, unknown>, extra?: (c: Call) => ReturnType<Parameters<typeof stubFetch>[0]>) {
  return stubFetch((c) => {
    const answer = extra?.(c);
    if (answer) return answer;
    const p = c.url.pathname;
    if (p.endsWith('currentUser')) return ok(plainUser);
    if (p === '/api/tpf/v1/tpf/tpf3ProjectV/7') return ok(detail);
    return ok({ dataList: [], total: 0 });
  });
}

const openCard = async (
  detail: Record<string, unknown>,
  extra?: (c: Call) => ReturnType<Parameters<typeof stubFetch>[0]>,
) => {
  setCurrentBuilding(session);
  api(detail, extra);
  renderApp('/budget/result');
  return screen.findByTestId('plausibility-card');
};

beforeEach(() => setToken('tok', false));

describe('合理性检查 on the result page', () => {
  it('lists the flags, every check, and the metrics without a published range', async () => {
    const card = await openCard(building(review(180, 500)));
    expect(within(card).getByRole('heading', { name: '合理性检查' })).toBeInTheDocument();
    const flags = within(card).getByTestId('plausibility-flags');
    expect(flags).toHaveTextContent('超出参考范围的数值（2 条提示）');
    expect(flags).toHaveTextContent(
      `混凝土用量 0.50 m³/m² 高于参考范围 0.30–0.47 m³/m²（参考值库「住宅混凝土用量」，来源：${SRC}）`,
    );
    expect(flags).toHaveTextContent(
      `钢材用量 180.00 kg/m² 高于参考范围 30.00–75.00 kg/m²（参考值库「住宅钢筋用量」，来源：${SRC}）`,
    );
    expect(within(card).queryByText('未发现超出参考范围的数值')).toBeNull();
    const steel = within(card).getByTestId('plausibility-check-steel');
    expect(steel).toHaveTextContent('钢材用量180.00kg/m²30.00–75.00高于参考范围住宅钢筋用量已核实（V）');
    const operation = within(card).getByTestId('plausibility-check-operation');
    expect(operation).toHaveTextContent('30.00');
    expect(operation).toHaveTextContent('11.17–100.50（参考值 33.50 的 1/3–3 倍）');
    expect(operation).toHaveTextContent('在范围内');
    expect(operation).toHaveTextContent('推导值（D）');
    expect(card).toHaveTextContent('钢材 180,000.00 kg（1 行）÷ 建筑面积 1,000.00 m² = 180.00 kg/m²');
    expect(within(card).getByTestId('plausibility-missing')).toHaveTextContent(
      '暂无公开范围：全生命周期碳排放强度（kgCO2e/(m²·a)）、隐含碳排放强度（kgCO2e/m²）',
    );
  });

  it('on a phone each check is a block of lines, no table scrolled inside the card', async () => {
    await atWidth(390, async () => {
      const card = await openCard(building(review(180, 500)));
      expect(within(card).queryByRole('table', { name: '合理性检查明细' })).toBeNull();
      const steel = within(card).getByTestId('plausibility-check-steel');
      expect(steel).toHaveTextContent('钢材用量：180.00 kg/m²高于参考范围');
      expect(steel).toHaveTextContent('参考范围：30.00–75.00');
      expect(steel).toHaveTextContent('参考值库：住宅钢筋用量（已核实（V））');
    });
  });

  it('no flag: 未发现超出参考范围的数值', async () => {
    const card = await openCard(building(review(50, 450)));
    expect(within(card).getByTestId('plausibility-ok')).toHaveTextContent('未发现超出参考范围的数值');
    expect(within(card).queryByTestId('plausibility-flags')).toBeNull();
    expect(within(card).getAllByText('在范围内')).toHaveLength(3);
  });

  it('a result calculated before the review: 暂无数据', async () => {
    const card = await openCard(building(undefined));
    expect(within(card).getByText('暂无数据')).toBeInTheDocument();
    expect(card).toHaveTextContent('重新计算后显示');
  });

  it('the 建材生产 计算过程 shows the flags of its figures and how they were found', async () => {
    const r = review(180, 500);
    await openCard(building(r), (c) =>
      c.url.pathname === `${STAGE}/produce/trace`
        ? ok({
            code: 'produce',
            title: '建材生产',
            method: null,
            methodLabel: null,
            total: 568.7,
            notes: [],
            warnings: [],
            plausibility: {
              flags: r.flags.map((f) => f.text),
              workings: r.figures.filter((f) => f.working).map((f) => f.working),
            },
            rows: { total: 0, dataList: [] },
          })
        : undefined,
    );
    const table = await screen.findByRole('table', { name: '各阶段碳排放' });
    fireEvent.click(within(table).getByRole('button', { name: /查看建材生产计算过程/ }));
    const dialog = await screen.findByRole('dialog', { name: '建材生产 计算过程' });
    const part = await within(dialog).findByTestId('trace-plausibility');
    expect(part).toHaveTextContent('合理性检查：钢材用量 180.00 kg/m² 高于参考范围 30.00–75.00 kg/m²');
    expect(part).toHaveTextContent('合理性检查：混凝土 500.00 m³（1 行）÷ 建筑面积 1,000.00 m² = 0.50 m³/m²');
  });
});
