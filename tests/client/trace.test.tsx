// The calculation trace on screen: a stage figure of the result page opens '<阶段> 计算过程' — each row's working
// quantity × factor (4 decimals, unit, source, verification mark) = emission, its 默认值 and problems, runtime's
// parts and inputs, the stage notes and warnings, pages of 50 — the result's warnings, waste outside GB's
// boundary, 数据质量 with the grade and its rule; and the stage table's 默认值 chip, problems and energy labels.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QUALITY_GRADE_RULE } from '../../src/calc/quality';
import { setToken } from '../../src/client/providers/tokenStorage';
import { setCurrentBuilding } from '../../src/client/session/currentBuilding';
import type { StageTrace, TraceRow } from '../../src/client/stages/traceApi';
import { ok, plainUser, stubFetch, type Call } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/results/ResultRoute';
import '../../src/client/stages/StagePage';

vi.mock('react-apexcharts', () => ({ default: (p: { type: string }) => <div data-testid={`apex-${p.type}`} /> }));

const STAGE = '/api/tpf/v1/tpf/stage';
const session = {
  id: 7,
  name: '七号楼',
  computeMethod: 'budget',
  standard: 'GB',
  menus: 'produce,trans,runtime,waste,green',
  status: '1',
};
const building = {
  ...session,
  useDateLimit: 50,
  buildArea: 2000,
  produce: 1000,
  trans: 34.567,
  runtimeTotal: 465.433,
  waste: 10,
  green: -12.345,
  total: 1497.655,
  resultDetail: {
    parts: { airHot: 200, light: 265.433 },
    stages: { waste: { total: 10, outsideBoundary: '不在 GB/T 51366-2019 计算边界内' } },
    quality: { metered: 0, epd: 100, standard: 1200, database: 150, estimate: 60 },
    qualityShares: { metered: 0, epd: 6.62, standard: 79.47, database: 9.93, estimate: 3.97 },
    grade: 'B',
    warnings: ['建筑拆除：按「按建造比例」依赖建筑建造阶段的碳排放，建筑建造阶段没有数据，本阶段计为 0'],
  },
};

const DICTS: Record<string, Record<string, string>> = {
  verification: { V: '已核实', V2: '双来源核实', M: '回忆值（待核实）', D: '推导值', U: '未知' },
  dataQuality: { metered: '实测', epd: 'EPD', standard: '标准默认值', database: '数据库', estimate: '估算' },
  energyKind: { electricity: '电力', naturalGas: '天然气', diesel: '柴油' },
  runtimePart: { airHot: '供暖', light: '照明' },
};

const transRow = (id: number, over: Partial<TraceRow> = {}): TraceRow => ({
  id,
  name: '商品混凝土 C30',
  quantity: 120,
  quantityUnit: 'm³',
  factorValue: 0.078,
  factorUnit: 'kgCO2e/(t·km)',
  factorSource: 'GB/T 51366-2019 附录E',
  verification: 'M',
  quality: 'standard',
  emission: 898.56,
  trace: {
    formula: '用量 × 单位质量(t/单位) × 运输距离(km) × 运输因子',
    numbers: '120 × 2.4 × 40 × 0.078',
    inputs: [{ field: 'density', title: '密度(t/单位)', value: 2.4 }],
    defaults: [{ field: 'distance', title: '运输距离(km)', value: 40, unit: 'km', source: '因子库材料的默认运输距离' }],
  },
  ...over,
});

const transTrace = (page: number): StageTrace => ({
  code: 'trans',
  title: '建材运输',
  method: null,
  methodLabel: null,
  total: 34.567,
  notes: ['运输距离按因子库默认值计的行：1 行'],
  warnings: ['第 2 行：请填写密度(t/单位)，计为 0'],
  rows: {
    total: 51,
    dataList:
      page === 1
        ? [
            transRow(1, { source: '预算文件 人材机汇总表.xlsx：人材机汇总表 第9行' }),
            transRow(2, {
              name: '砌块',
              emission: 0,
              verification: 'V',
              trace: {
                formula: '用量 × 单位质量(t/单位) × 运输距离(km) × 运输因子',
                numbers: '10 × ? × 100 × 0.162',
                inputs: [],
                defaults: [],
                problems: ['请填写密度(t/单位)'],
              },
            }),
          ]
        : [transRow(51, { name: '第二页的钢筋' })],
  },
});

const runtimeTrace: StageTrace = {
  code: 'runtime',
  title: '建筑运行',
  method: 'systems',
  methodLabel: '各用能系统',
  total: 465.433,
  notes: ['可再生能源抵减不超过建筑运行碳排放'],
  warnings: [],
  parts: { airHot: 200, light: 265.433 },
  rows: {
    total: 1,
    dataList: [
      {
        id: 9,
        name: '空调热泵',
        part: 'airHot',
        energy: 'electricity',
        quantity: null,
        quantityUnit: 'kWh',
        factorValue: 0.5827,
        factorUnit: 'kgCO2/kWh',
        factorSource: '江苏省 2023 年电网平均排放因子',
        verification: 'V',
        quality: 'database',
        emission: 200000,
        trace: {
          formula: '年累计冷/热负荷(kWh/a) ÷ 系统能效比(COP/EER) × 能源因子 × 设计使用年限(a)',
          numbers: '200,000 ÷ 1 × 0.5827 × 50',
          inputs: [
            { field: 'annualLoad', title: '年累计冷/热负荷(kWh/a)', value: 6864.9 },
            { field: 'cop', title: '系统能效比(COP/EER)', value: 1 },
          ],
          defaults: [
            {
              field: 'cop',
              title: '系统能效比(COP/EER)',
              value: 1,
              source: '未填写系统能效比：按 1 计（相当于电直热，偏保守）',
            },
          ],
        },
      },
    ],
  },
};

function api(extra?: (c: Call) => ReturnType<Parameters<typeof stubFetch>[0]>) {
  return stubFetch((c) => {
    const answer = extra?.(c);
    if (answer) return answer;
    const p = c.url.pathname;
    if (p.endsWith('currentUser')) return ok(plainUser);
    if (p === '/api/tpf/v1/tpf/tpf3ProjectV/7') return ok(building);
    const dict = /sysDict\/dropDown\/(\w+)$/.exec(p);
    if (dict) return ok(DICTS[dict[1]] ?? {});
    if (p === `${STAGE}/trans/trace`) return ok(transTrace(Number(c.url.searchParams.get('pageNum'))));
    if (p === `${STAGE}/runtime/trace`) return ok(runtimeTrace);
    if (p === `${STAGE}/produce/trace`)
      return ok({
        ...transTrace(1),
        code: 'produce',
        title: '建材生产',
        notes: [],
        warnings: [],
        rows: { total: 0, dataList: [] },
      });
    return ok({ dataList: [], total: 0 });
  });
}

const openResult = async () => {
  setCurrentBuilding(session);
  renderApp('/budget/result');
  return screen.findByTestId('result-page');
};

beforeEach(() => setToken('tok', false));
afterEach(() => {
  window.innerWidth = 1024;
});

describe('result page: traces', () => {
  it('the transport figure opens 建材运输 计算过程: working, 默认值 with source, marks, problems, notes, pages of 50', async () => {
    const { calls } = api();
    const page = await openResult();
    const table = await within(page).findByRole('table', { name: '各阶段碳排放' });
    fireEvent.click(within(table).getByRole('button', { name: /查看建材运输计算过程/ }));
    const dialog = await screen.findByRole('dialog', { name: '建材运输 计算过程' });
    expect(await within(dialog).findByTestId('trace-total')).toHaveTextContent('本阶段碳排放：34.57 tCO2e');
    expect(within(dialog).getByTestId('trace-formula')).toHaveTextContent(
      '用量 × 单位质量(t/单位) × 运输距离(km) × 运输因子',
    );
    expect(within(dialog).getByText('第 2 行：请填写密度(t/单位)，计为 0')).toBeInTheDocument();
    expect(within(dialog).getByText('运输距离按因子库默认值计的行：1 行')).toBeInTheDocument();
    const [first, second] = within(dialog).getAllByTestId('trace-row');
    // every term of the transport formula, not 用量 × 因子: 120 m³ × 2.4 t/m³ × 40 km × 0.078 kgCO2e/(t·km) = 898.56 kgCO2e
    expect(within(first).getByTestId('trace-working')).toHaveTextContent(
      '用量 × 单位质量(t/单位) × 运输距离(km) × 运输因子：120 × 2.4 × 40 × 0.078 = 898.56 kgCO2e',
    );
    expect(first).toHaveTextContent('因子来源：GB/T 51366-2019 附录E');
    // an imported row says where its quantity came from; a typed one says nothing
    expect(within(first).getByTestId('trace-source')).toHaveTextContent(
      '数据来源：预算文件 人材机汇总表.xlsx：人材机汇总表 第9行',
    );
    expect(within(second).queryByTestId('trace-source')).toBeNull();
    expect(within(first).getByTestId('verification-mark')).toHaveTextContent('M 回忆值（待核实）');
    expect(first).toHaveTextContent('数据质量：标准默认值');
    expect(first).not.toHaveTextContent('代入数值'); // the working above is it
    expect(first).not.toHaveTextContent('计算公式'); // the stage's one formula is shown once, above the rows
    expect(first).toHaveTextContent(/密度\(t\/单位\) = 2\.400/); // 3 or 4 decimals: the schema x-decimals of density
    const defaults = within(first).getByTestId('trace-defaults');
    expect(defaults).toHaveTextContent('默认值运输距离(km) 40.00 km — 来源：因子库材料的默认运输距离');
    expect(within(second).getByTestId('trace-problems')).toHaveTextContent('请填写密度(t/单位)');
    expect(within(second).getByTestId('verification-mark')).toHaveTextContent('V 已核实');
    const call = calls.find((c) => c.url.pathname === `${STAGE}/trans/trace`)!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ projectId: '7', pageNum: '1', pageSize: '50' });
    // the second page
    expect(within(dialog).getByText('第 1-50 条，共 51 条')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '下一页' }));
    expect(await within(dialog).findByText(/51\. 第二页的钢筋/)).toBeInTheDocument();
    expect(
      calls.some((c) => c.url.pathname === `${STAGE}/trans/trace` && c.url.searchParams.get('pageNum') === '2'),
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("建筑运行 from the bar chart: parts with their totals, each row's inputs and its defaulted COP", async () => {
    api();
    await openResult();
    const radios = await screen.findByRole('radiogroup', { name: '计算阶段' });
    fireEvent.click(within(radios).getByLabelText('建筑运行'));
    fireEvent.click(await screen.findByRole('button', { name: '查看建筑运行计算过程' }));
    const dialog = await screen.findByRole('dialog', { name: '建筑运行 计算过程' });
    const parts = await within(dialog).findByRole('table', { name: '各用能系统碳排放' });
    expect(within(parts).getByText('供暖').closest('tr')).toHaveTextContent('200.00');
    expect(within(parts).getByText('照明').closest('tr')).toHaveTextContent('265.43');
    expect(dialog).toHaveTextContent('计算方式：各用能系统');
    expect(within(dialog).getByText('可再生能源抵减不超过建筑运行碳排放')).toBeInTheDocument();
    const row = within(dialog).getByTestId('trace-row');
    expect(row).toHaveTextContent('供暖');
    expect(row).toHaveTextContent('电力');
    expect(row).toHaveTextContent('输入：年累计冷/热负荷(kWh/a) = 6,864.90；系统能效比(COP/EER) = 1.00');
    expect(within(row).getByTestId('trace-defaults')).toHaveTextContent(
      '系统能效比(COP/EER) 1.00 — 来源：未填写系统能效比：按 1 计（相当于电直热，偏保守）',
    );
    // no quantity of its own: its whole formula with the figures it read (the load, the defaulted COP, the grid factor,
    // the years)
    expect(within(row).getByTestId('trace-working')).toHaveTextContent(
      '年累计冷/热负荷(kWh/a) ÷ 系统能效比(COP/EER) × 能源因子 × 设计使用年限(a)：200,000 ÷ 1 × 0.5827 × 50 = 200,000.00 kgCO2e',
    );
  });

  it('a stage without rows: 暂无数据; below 600 px the dialog is full screen', async () => {
    window.innerWidth = 390;
    api();
    const page = await openResult();
    const table = await within(page).findByRole('table', { name: '各阶段碳排放' });
    fireEvent.click(within(table).getByRole('button', { name: /查看建材生产计算过程/ }));
    const dialog = await screen.findByRole('dialog', { name: '建材生产 计算过程' });
    expect(await within(dialog).findByText('暂无数据')).toBeInTheDocument();
    expect(dialog.className).toMatch(/FullScreen/);
  });
});

describe('result page: totals, warnings, boundary, data quality', () => {
  it('the warnings above the figures, waste marked outside GB, the donut says 排放合计(不含碳汇)', async () => {
    api();
    const page = await openResult();
    expect(await within(page).findByTestId('result-warnings')).toHaveTextContent(
      '建筑拆除：按「按建造比例」依赖建筑建造阶段的碳排放',
    );
    expect(within(page).getByTestId('stage-figure-waste')).toHaveTextContent(
      '废弃物处理（不在 GB/T 51366-2019 计算边界内）',
    );
    // 碳排放总量 is the stored total rounded once
    expect(within(page).getByTestId('figure-碳排放总量(tCO2e)')).toHaveTextContent('1,497.66');
  });

  it('数据质量: the grade, its rule and the share of each class with 2 decimals', async () => {
    api();
    const page = await openResult();
    const section = await within(page).findByTestId('quality-section');
    expect(within(section).getByRole('heading', { name: '数据质量' })).toBeInTheDocument();
    expect(within(section).getByTestId('quality-grade')).toHaveTextContent('B');
    expect(section).toHaveTextContent('数据质量等级：B');
    expect(within(section).getByTestId('quality-rule')).toHaveTextContent(QUALITY_GRADE_RULE);
    expect(await within(section).findByText('标准默认值')).toBeInTheDocument();
    expect(within(section).getByTestId('quality-standard')).toHaveTextContent('79.47%（1,200.00 tCO2e）');
    expect(within(section).getByTestId('quality-metered')).toHaveTextContent('实测0.00%（0.00 tCO2e）');
    expect(within(section).getByTestId('quality-estimate')).toHaveTextContent('估算3.97%');
  });

  it('an old result without quality figures: 暂无数据 in 数据质量', async () => {
    api((c) =>
      c.url.pathname === '/api/tpf/v1/tpf/tpf3ProjectV/7'
        ? ok({ ...building, resultDetail: { parts: {} } })
        : undefined,
    );
    const page = await openResult();
    const section = await within(page).findByTestId('quality-section');
    expect(within(section).getByText('暂无数据')).toBeInTheDocument();
    expect(within(page).queryByTestId('result-warnings')).toBeNull();
  });
});

describe('stage table: 默认值, problems, energy', () => {
  const buildRows = [
    {
      id: 1,
      projectId: 7,
      method: 'machine',
      name: '塔吊',
      energy: 'diesel',
      quantity: 10,
      factorValue: 3.1,
      emission: 31,
      trace: { formula: 'x', inputs: [], defaults: [] },
    },
    {
      id: 2,
      projectId: 7,
      method: 'machine',
      name: '施工用电',
      energy: 'electricity',
      quantity: 100,
      emission: 58.27,
      trace: {
        formula: 'x',
        inputs: [],
        defaults: [
          {
            field: 'factorValue',
            title: '能源因子',
            value: 0.5827,
            unit: 'kgCO2/kWh',
            source: '单体电网排放因子：江苏省 2023',
          },
        ],
      },
    },
    {
      id: 3,
      projectId: 7,
      method: 'machine',
      name: '燃气锅炉',
      energy: 'naturalGas',
      quantity: 5,
      emission: 0,
      trace: { formula: 'x', inputs: [], defaults: [], problems: ['非电力能源须选择或填写能源因子'] },
    },
  ];

  it('a row with defaults shows a 默认值 chip listing them; problems in red; the energy in Chinese', async () => {
    stubFetch((c) => {
      const p = c.url.pathname;
      if (p.endsWith('currentUser')) return ok(plainUser);
      if (p === '/api/tpf/v1/tpf/tpf3ProjectV/7')
        return ok({ ...building, menus: 'produce,build', stageMethods: { build: 'machine' } });
      const dict = /sysDict\/dropDown\/(\w+)$/.exec(p);
      if (dict) return ok(DICTS[dict[1]] ?? {});
      if (p === `${STAGE}/build/`) return ok({ dataList: buildRows, total: 3 });
      return ok({ dataList: [], total: 0 });
    });
    setCurrentBuilding({ ...session, menus: 'produce,build' });
    renderApp('/budget/build');
    const table = await screen.findByRole('table', { name: '建筑建造' });
    const rows = within(table).getAllByRole('row');
    const tower = rows.find((r) => r.textContent?.includes('塔吊'))!;
    expect(await within(tower).findByText('柴油')).toBeInTheDocument();
    expect(within(tower).queryByTestId('defaults-chip')).toBeNull();
    const power = rows.find((r) => r.textContent?.includes('施工用电'))!;
    const chip = within(power).getByTestId('defaults-chip');
    expect(chip).toHaveTextContent('默认值');
    expect(chip).toHaveAttribute('aria-label', '默认值：能源因子 0.5827 kgCO2/kWh — 单体电网排放因子：江苏省 2023');
    fireEvent.mouseOver(chip);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      '能源因子 0.5827 kgCO2/kWh — 单体电网排放因子：江苏省 2023',
    );
    const problems = within(table).getByTestId('row-problems');
    expect(problems).toHaveTextContent('第 3 行未计入（计为 0）：非电力能源须选择或填写能源因子');
    expect(getComputedStyle(within(problems).getAllByRole('cell')[1]).color).toBe('rgb(211, 47, 47)'); // error.main
  });
});
