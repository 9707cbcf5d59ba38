// Budget-file import on the client: the mapping rules (what comes chosen, what POST budgetBill/import
// receives), the mirror of the upload limits, and the page /bill?id= against a fake server — upload → pre-flight →
// a proposal preselected only at or above the threshold → an error proposal not choosable → import with the chosen
// mappings → the answer. Also a refused file, an estimate building, and the cards on a phone.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { getCurrentBuilding } from '../../src/client/session/currentBuilding';
import type {
  Bill,
  BudgetBuildMethod,
  BudgetItemAnswer,
  BudgetMachineAnswer,
  BudgetSuggestionAnswer,
} from '../../src/client/budget/budgetApi';
import { BILL_FILE_MSG, BILL_MAX_BYTES, checkBillFile } from '../../src/client/budget/budgetFile';
import {
  addPicked,
  importMappings,
  initialChoices,
  machineLabel,
  pick,
  pickMachine,
  quantityText,
  sourceText,
  withMachines,
  withPicked,
} from '../../src/client/budget/selection';
import { CONFIRM_AT } from '../../schemas/bimMatch';
import { fail, ok, type Handler } from './fakeApi';
import { stubShell } from './shellFake';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/budget/BudgetPage';
import '../../src/client/stages/StagePage';
import { atWidth } from './viewport';

const BASE = '/api/tpf/v1/tpf/budgetBill';

const sug = (over: Partial<BudgetSuggestionAnswer>): BudgetSuggestionAnswer => ({
  factorId: 1,
  label: '因子',
  unit: 't',
  coUnit: 'kgCO2e/t',
  factorValue: 100,
  confidence: 0.5,
  reasons: [],
  saved: false,
  quantity: 1,
  steps: [],
  error: null,
  ...over,
});

const src = (...rows: number[]) => rows.map((row) => ({ sheet: '人材机汇总表', row }));

const item = (key: string, over: Partial<BudgetItemAnswer>): BudgetItemAnswer => ({
  key,
  cls: 'material',
  reason: '类别「材」',
  code: '',
  name: key,
  spec: '',
  unit: 't',
  quantity: 1,
  sources: src(9),
  suggestions: [],
  machine: null,
  note: null,
  ...over,
});

const ITEMS: BudgetItemAnswer[] = [
  item('c30', {
    name: '商品混凝土',
    spec: 'C30',
    unit: 'm3',
    quantity: 1284.36,
    code: '80210013',
    suggestions: [
      sug({
        factorId: 101,
        label: 'C30混凝土',
        unit: 'm3',
        confidence: 1,
        reasons: ['名称一致', '强度等级一致（C30）'],
        quantity: 1284.36,
      }),
    ],
  }),
  // just below the threshold: offered, not chosen
  item('rebar', {
    name: '螺纹钢筋',
    spec: 'HRB400 Φ12',
    quantity: 86.245,
    suggestions: [
      sug({
        factorId: 32,
        label: '热轧碳钢钢筋',
        confidence: CONFIRM_AT - 0.01,
        reasons: ['同类材料：钢筋'],
        quantity: 86.245,
      }),
    ],
  }),
  // a sure proposal that cannot convert is never chosen; the weaker one can be
  item('film', {
    name: '塑料薄膜',
    unit: 'm2',
    quantity: 1426.3,
    suggestions: [
      sug({
        factorId: 64,
        label: '普通聚苯乙烯',
        confidence: 0.9,
        quantity: null,
        error: '用量单位「m2」与排放因子单位「kgCO2e/t」不一致，且该材料没有密度',
      }),
      sug({ factorId: 58, label: '铝塑复合板', unit: 'm2', confidence: 0.29, quantity: 1426.3 }),
    ],
  }),
  item('cement', {
    name: '水泥',
    spec: 'P.O 42.5',
    quantity: 71.14,
    sources: src(14, 26),
    suggestions: [
      sug({
        factorId: 3,
        label: '普通硅酸盐水泥（市场平均）',
        confidence: 0.55,
        saved: true,
        reasons: ['本单位已确认的映射'],
        quantity: 71.14,
      }),
    ],
  }),
  item('sand', {
    name: '中砂',
    unit: 'm3',
    quantity: 186.42,
    suggestions: [
      sug({
        factorId: 7,
        label: '砂（f=1.6~3.0）',
        confidence: 0.7,
        quantity: 316.914,
        steps: ['186.42 m3 × 密度 1.7 t/m3 = 316,914 kg', '316,914 kg = 316.914 t'],
      }),
    ],
  }),
  item('power', {
    cls: 'energy',
    energy: 'electricity',
    name: '电',
    unit: 'kW·h',
    quantity: 18652.3,
    suggestions: [
      sug({ factorId: null, label: '电网排放因子（按单体所在地区）', unit: 'kWh', confidence: 0.9, quantity: 18652.3 }),
    ],
  }),
  item('truck', {
    cls: 'machine',
    name: '载重汽车',
    spec: '6t',
    unit: '台班',
    quantity: 24.38,
    machine: {
      lookupId: 331,
      name: '载重汽车',
      spec: '装载质量 6 t',
      energyPerShift: 33.24,
      energy: 'diesel',
      energyUnit: 'kg',
      confidence: 0.95,
      reasons: ['机械名称相同'],
    },
    suggestions: [
      sug({
        factorId: 91,
        label: '柴油',
        unit: 'kg',
        confidence: 0.85,
        quantity: 24.38,
        reasons: ['按附录C 台班能耗折算为柴油'],
      }),
    ],
  }),
  item('tile', {
    name: '陶瓷地砖',
    spec: '600×600',
    unit: 'm2',
    quantity: 1856.3,
    note: '因子库暂无「陶瓷砖」类材料的因子',
  }),
];

// 表C.0.1 rows as the server answers them (ids as in a database; energy per shift of appC_machines.csv)
const ROW_06: BudgetMachineAnswer = {
  lookupId: 304,
  name: '履带式单斗液压挖掘机',
  spec: '斗容量 0.6 m3',
  energyPerShift: 33.68,
  energy: 'diesel',
  energyUnit: 'kg',
};
const ROW_1: BudgetMachineAnswer = { ...ROW_06, lookupId: 305, spec: '斗容量 1 m3', energyPerShift: 63 };
const PUMP: BudgetMachineAnswer = {
  lookupId: 390,
  name: '混凝土输送泵',
  spec: '输送量 75 m3/h',
  energyPerShift: 367.96,
  energy: 'electricity',
  energyUnit: 'kWh',
};
const DIESEL = [sug({ factorId: 91, label: '柴油', unit: 'kg', confidence: 0.85, quantity: 18.56 })];
// 0.8 m³ is not in the table: the nearest (1 m³) is proposed below the threshold
const DIGGER = item('digger', {
  cls: 'machine',
  name: '履带式单斗液压挖掘机',
  spec: '斗容量(m3) 0.8',
  unit: '台班',
  quantity: 18.56,
  machine: {
    ...ROW_1,
    confidence: 0.75,
    reasons: ['机械名称相同', '规格取表中最接近的 斗容量 1 m3（清单为 斗容量 0.8 m3）'],
  },
  machineOptions: [304, 305],
  suggestions: DIESEL,
  machineSuggestions: {},
});
const VIBRATOR = item('vibrator', {
  cls: 'machine',
  name: '混凝土振捣器(插入式)',
  unit: '台班',
  quantity: 156.34,
  machineOptions: [304, 305, 390],
  note: '附录C 施工机械台班能耗表中没有「混凝土振捣器(插入式)」，请选择表中相近的机械，或按能源用量录入',
  machineSuggestions: {
    diesel: DIESEL,
    electricity: [
      sug({ factorId: null, label: '电网排放因子（按单体所在地区）', unit: 'kWh', confidence: 0.9, quantity: 156.34 }),
    ],
  },
});
const ROWS = new Map([ROW_06, ROW_1, PUMP].map((r) => [r.lookupId, r]));
const BY_MACHINE: BudgetBuildMethod = { value: 'machine', label: '按施工机械和临时设施计算', chosen: true };
const BY_ENERGY: BudgetBuildMethod = { value: 'energy', label: '按总能源用量计算', chosen: false };

describe("machine rows and the building's 建造 method", () => {
  const truck = ITEMS[6];
  const power = ITEMS[5];

  it('preselects only the kind the method counts, and a machine only on a sure row', () => {
    const items = [truck, DIGGER, VIBRATOR, power];
    expect(initialChoices(items, BY_MACHINE)).toEqual({ truck: 0, digger: null, vibrator: null, power: null });
    expect(initialChoices(items, BY_ENERGY)).toEqual({ truck: null, digger: null, vibrator: null, power: 0 });
    // an item left out cannot be picked at all
    const choices = initialChoices(items, BY_MACHINE);
    expect(pick(choices, power, 0, BY_MACHINE)).toBe(choices);
  });

  it('a row picked by the user is shown, its factor chosen, and sent as machineId', () => {
    let state = pickMachine({}, initialChoices([DIGGER, VIBRATOR], BY_MACHINE), DIGGER, ROW_06, BY_MACHINE);
    state = pickMachine(state.picks, state.choices, VIBRATOR, PUMP, BY_MACHINE);
    const shown = withMachines([DIGGER, VIBRATOR], state.picks, ROWS);
    expect(shown[0].machine).toMatchObject({
      lookupId: 304,
      spec: '斗容量 0.6 m3',
      confidence: 1,
      reasons: ['手动选择'],
    });
    // the pump is electric: the vibrator now takes the grid factor
    expect(shown[1].suggestions[0].factorId).toBeNull();
    expect(quantityText(shown[0], shown[0].suggestions[0])).toBe('18.56 台班 × 33.68 kg/台班 = 625.10 kg'); // 18.56 × 33.68 = 625.1008
    expect(importMappings(shown, state.choices)).toEqual([
      { key: 'digger', factorId: 91, machineId: 304 },
      { key: 'vibrator', factorId: null, machineId: 390 },
    ]);
    expect(machineLabel(ROW_1)).toBe('履带式单斗液压挖掘机 斗容量 1 m3（柴油 63.00 kg/台班）');
  });
});

describe('mapping rules', () => {
  it('preselects a saved proposal or one at ≥ CONFIRM_AT that converts; nothing else', () => {
    const choices = initialChoices(ITEMS);
    expect(choices).toEqual({ c30: 0, rebar: null, film: null, cement: 0, sand: null, power: 0, truck: 0, tile: null });
    expect(importMappings(ITEMS, choices)).toEqual([
      { key: 'c30', factorId: 101 },
      { key: 'cement', factorId: 3 },
      { key: 'power', factorId: null },
      { key: 'truck', factorId: 91, machineId: 331 },
    ]);
  });

  it('a proposal with an error cannot be picked; another can; null unmaps', () => {
    const film = ITEMS[2];
    let choices = initialChoices(ITEMS);
    expect(pick(choices, film, 0)).toBe(choices);
    choices = pick(choices, film, 1);
    choices = pick(choices, ITEMS[0], null);
    expect(importMappings(ITEMS, choices).map((m) => m.key)).toEqual(['film', 'cement', 'power', 'truck']);
  });

  it('says where an item is and what a machine proposal imports', () => {
    expect(sourceText(src(14, 26))).toBe('人材机汇总表 第14行、第26行');
    expect(
      sourceText([
        { sheet: 'A', row: 3 },
        { sheet: 'B', row: 5 },
      ]),
    ).toBe('A 第3行；B 第5行');
    expect(quantityText(ITEMS[6], ITEMS[6].suggestions[0])).toBe('24.38 台班 × 33.24 kg/台班 = 810.39 kg');
    expect(quantityText(ITEMS[0], ITEMS[0].suggestions[0])).toBe('1,284.36 m3');
  });

  it("a factor picked from the library joins the item's choices once and is chosen", () => {
    const tile = ITEMS.find((i) => i.key === 'tile')!;
    const manual = sug({ factorId: 77, label: '陶瓷砖（釉面）', unit: 'm2', quantity: 1856.3, manual: true });
    let state = addPicked({}, initialChoices(ITEMS), tile, manual);
    let items = withPicked(ITEMS, state.picked);
    const shown = items.find((i) => i.key === 'tile')!;
    expect(shown.suggestions).toEqual([manual]);
    expect(state.choices.tile).toBe(0);
    expect(importMappings(items, state.choices)).toContainEqual({ key: 'tile', factorId: 77 });
    // the same factor again, or a proposal's factor: chosen, not added
    state = addPicked(state.picked, { ...state.choices, tile: null }, shown, manual);
    expect(withPicked(ITEMS, state.picked).find((i) => i.key === 'tile')!.suggestions).toHaveLength(1);
    expect(state.choices.tile).toBe(0);
    const c30 = ITEMS[0];
    state = addPicked(state.picked, state.choices, c30, sug({ factorId: 101, manual: true }));
    expect(state.picked.c30).toBeUndefined();
    expect(state.choices.c30).toBe(0);
    items = withPicked(ITEMS, state.picked);
    expect(items[0]).toBe(ITEMS[0]);
  });

  it('takes .xlsx and .xls up to 20 MB', () => {
    expect(checkBillFile({ name: '人材机汇总表.XLS', size: 10 })).toBeNull();
    expect(checkBillFile({ name: 'a.xlsx', size: BILL_MAX_BYTES })).toBeNull();
    expect(checkBillFile({ name: 'a.xlsx', size: BILL_MAX_BYTES + 1 })).toBe('文件大小不能超过 20 MB');
    expect(checkBillFile({ name: 'a.csv', size: 10 })).toBe(BILL_FILE_MSG.badExtension);
    expect(checkBillFile({ name: 'a.xls', size: 0 })).toBe(BILL_FILE_MSG.empty);
  });
});

// ---- the page against a fake server ---------------------------------------------------------------------------

const BUILDING = {
  id: 11,
  name: '一号楼',
  computeMethod: 'budget',
  menus: 'produce,trans,build',
  engineeringName: '示例项目',
  status: '0',
};

const BILL: Bill = {
  jobId: 5,
  projectId: 11,
  fileName: '某办公楼人材机汇总表.xlsx',
  sheets: ['人材机汇总表'],
  otherSheets: ['单位工程费用汇总表'],
  totalLines: 40,
  byClass: {
    labour: { lines: 2, items: 0 },
    material: { lines: 23, items: 21 },
    equipment: { lines: 1, items: 1 },
    energy: { lines: 5, items: 3 },
    machine: { lines: 9, items: 9 },
  },
  withoutQuantity: 1,
  zeroQuantity: 1,
  costLines: 1,
  duplicatesMerged: 1,
  units: [
    { unit: 'm3', lines: 9 },
    { unit: '千块', lines: 1 },
  ],
  skipped: { blank: 1, subtotal: 5, note: 0, section: 4, header: 0 },
  problems: [{ sheet: '人材机汇总表', row: 23, name: '汽油', message: '数量「约50」不是数字' }],
  items: ITEMS,
};

const JOB = {
  id: 5,
  kind: 'budget',
  title: '读取预算文件',
  state: 'done',
  done: 40,
  total: 40,
  result: { jobId: 5 },
  message: null,
  errors: null,
};

function api(extra?: Handler) {
  setToken('tok', false);
  return stubShell({
    extra: (c) => {
      const hit = extra?.(c);
      if (hit) return hit;
      const p = c.url.pathname;
      if (p === '/api/tpf/v1/tpf/tpf3ProjectV/11') return ok(BUILDING);
      if (p === '/api/tpf/v1/tpf/tpf3ProjectV/12')
        return ok({ ...BUILDING, id: 12, name: '估算楼', computeMethod: 'estimate' });
      if (p === `${BASE}/fileUpload`) {
        const name = ((c.body as FormData).get('file') as File).name;
        return name === '表-22.xlsx'
          ? fail(400, '工作表「表-22」缺少必需的列：单位、数量（已找到：序号、名称、规格、型号）')
          : ok({ jobId: 5 });
      }
      if (p === `${BASE}/5` && c.method === 'GET') return ok({ job: JOB, bill: BILL });
      return undefined;
    },
  });
}

const rowOf = (name: string) => screen.getAllByTestId('bill-mapping-row').find((r) => within(r).queryByText(name))!;
const choiceOf = (name: string) => within(rowOf(name)).getByRole('combobox', { name: `${name} 对应因子` });

describe('/bill page', () => {
  it('upload → pre-flight → preselection by the threshold → an error proposal not choosable → import with the chosen mappings → the answer', async () => {
    const answer = {
      rows: { materials: 2, transport: 2, construction: 2 },
      skipped: [{ name: '陶瓷地砖 600×600', reason: '未选择因子' }],
      warnings: ['「砂（f=1.6~3.0）」缺少密度，未生成建材运输数据'],
      result: { ...BUILDING, total: 12 },
    };
    const { calls } = api((c) => (c.url.pathname === `${BASE}/import` ? ok(answer) : undefined));
    renderApp('/bill?id=11');
    expect(await screen.findByText(BILL_FILE_MSG.limit)).toBeInTheDocument();
    expect(screen.getByTestId('bill-building')).toHaveTextContent('一号楼');
    const input = screen.getByLabelText('选择预算文件');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.pdf')] } });
    expect(await screen.findByText(BILL_FILE_MSG.badExtension)).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File(['x'], '表-22.xlsx')] } });
    expect(
      await screen.findByText('工作表「表-22」缺少必需的列：单位、数量（已找到：序号、名称、规格、型号）'),
    ).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File(['PK'], '某办公楼人材机汇总表.xlsx')] } });

    // the pre-flight
    expect(await screen.findByText('预检报告')).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('job')).toBe('5');
    const form = calls.find(
      (c) =>
        c.url.pathname === `${BASE}/fileUpload` && ((c.body as FormData).get('file') as File).name.startsWith('某'),
    )!.body as FormData;
    expect(form.get('projectId')).toBe('11');
    expect(screen.getByTestId('bill-count-total')).toHaveTextContent('40');
    expect(screen.getByTestId('bill-count-material')).toHaveTextContent('材料23合并为 21 项');
    expect(screen.getByTestId('bill-count-machine')).toHaveTextContent('机械台班9合并为 9 项');
    expect(screen.getByTestId('bill-count-labour')).toHaveTextContent('人工2不计碳排放');
    expect(screen.getByTestId('bill-count-costLines')).toHaveAttribute('data-alert', 'true');
    expect(screen.getByTestId('bill-count-problems')).toHaveTextContent('1');
    expect(screen.getByTestId('bill-other-sheets')).toHaveTextContent('单位工程费用汇总表');
    expect(screen.getByTestId('bill-units')).toHaveTextContent('千块（1 行）');
    const problems = screen.getByRole('table', { name: '问题清单' });
    expect(within(problems).getByText('数量「约50」不是数字')).toBeInTheDocument();
    expect(within(problems).getByText('23')).toBeInTheDocument();

    // the mapping: figures, sources, the 附录C row and a note
    expect(within(rowOf('商品混凝土')).getByText('1,284.36')).toBeInTheDocument();
    expect(within(rowOf('水泥')).getByText('人材机汇总表 第14行、第26行')).toBeInTheDocument();
    expect(within(rowOf('载重汽车')).getByTestId('bill-chosen')).toHaveTextContent(
      '24.38 台班 × 33.24 kg/台班 = 810.39 kg',
    );
    expect(within(rowOf('陶瓷地砖')).getByText('因子库暂无「陶瓷砖」类材料的因子；不导入')).toBeInTheDocument();
    expect(within(rowOf('中砂')).queryByText(/换算/)).toBeNull();
    // preselected only at or above the threshold (or saved)
    expect(choiceOf('商品混凝土')).toHaveTextContent('C30混凝土');
    expect(within(rowOf('商品混凝土')).getByText('匹配度 100%')).toBeInTheDocument();
    expect(choiceOf('水泥')).toHaveTextContent('普通硅酸盐水泥（市场平均）');
    expect(within(rowOf('水泥')).getByText('已保存')).toBeInTheDocument();
    expect(choiceOf('螺纹钢筋')).toHaveTextContent('不导入');
    expect(choiceOf('塑料薄膜')).toHaveTextContent('不导入');
    expect(choiceOf('电')).toHaveTextContent('电网排放因子');
    expect(within(rowOf('载重汽车')).getByTestId('bill-chosen')).toHaveTextContent(
      '计入：24.38 台班 × 33.24 kg/台班 = 810.39 kg',
    );
    expect(screen.getByTestId('bill-mapping-count')).toHaveTextContent('已选择 4 / 8 项');

    // the error proposal is shown with its reason and cannot be chosen
    fireEvent.mouseDown(choiceOf('塑料薄膜'));
    let list = await screen.findByRole('listbox');
    const refused = within(list).getByRole('option', { name: /普通聚苯乙烯/ });
    expect(refused).toHaveAttribute('aria-disabled', 'true');
    expect(refused).toHaveTextContent('不可选：用量单位「m2」与排放因子单位「kgCO2e/t」不一致');
    expect(refused).toHaveTextContent('匹配度 90%');
    fireEvent.click(refused);
    expect(choiceOf('塑料薄膜')).toHaveTextContent('不导入');
    fireEvent.keyDown(list, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

    // a weaker proposal is picked by hand, with its conversion shown
    fireEvent.mouseDown(choiceOf('中砂'));
    list = await screen.findByRole('listbox');
    const sand = within(list).getByRole('option', { name: /砂（f=1.6~3.0）/ });
    expect(sand).toHaveTextContent('计入：316.91 t');
    expect(sand).toHaveTextContent('换算：186.42 m3 × 密度 1.7 t/m3 = 316,914 kg；316,914 kg = 316.914 t');
    fireEvent.click(sand);
    await waitFor(() => expect(choiceOf('中砂')).toHaveTextContent('砂（f=1.6~3.0）'));
    expect(screen.getByTestId('bill-import-count')).toHaveTextContent('将导入已选择的 5 / 8 项');

    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    const done = await screen.findByTestId('bill-import-answer');
    const sent = calls.find((c) => c.url.pathname === `${BASE}/import`)!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toEqual({
      jobId: 5,
      projectId: 11,
      mode: 'append',
      mappings: [
        { key: 'c30', factorId: 101 },
        { key: 'cement', factorId: 3 },
        { key: 'sand', factorId: 7 },
        { key: 'power', factorId: null },
        { key: 'truck', factorId: 91, machineId: 331 },
      ],
    });
    expect(done).toHaveTextContent('导入成功，生成 6 条数据');
    expect(done).toHaveTextContent('建材生产：2 条');
    expect(done).toHaveTextContent('建材运输：2 条');
    expect(done).toHaveTextContent('建筑建造：2 条');
    expect(screen.getByTestId('bill-warnings')).toHaveTextContent('「砂（f=1.6~3.0）」缺少密度，未生成建材运输数据');
    const skipped = screen.getByRole('table', { name: '未导入的项' });
    expect(within(skipped).getByText('陶瓷地砖 600×600')).toBeInTheDocument();
    expect(within(skipped).getByText('未选择因子')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看建筑建造' })).toHaveAttribute('href', '/budget/build');
    expect(screen.getByRole('link', { name: '查看计算结果' })).toHaveAttribute('href', '/budget/result');
    fireEvent.click(screen.getByRole('link', { name: '查看建材生产' }));
    await waitFor(() => expect(window.location.pathname).toBe('/budget/produce'));
    expect(getCurrentBuilding()).toMatchObject({ id: 11, computeMethod: 'budget' });
  });

  it('a refused mapping shows the server message naming the item; replace asks first', async () => {
    const { calls } = api((c) =>
      c.url.pathname === `${BASE}/import`
        ? fail(400, '「商品混凝土 C30」：用量单位「m3」与排放因子单位「kgCO2e/t」不一致')
        : undefined,
    );
    renderApp('/bill?id=11&job=5');
    await screen.findByText('清单映射');
    fireEvent.click(screen.getByRole('radio', { name: '替换本文件之前导入的数据' }));
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('将删除此前从同一预算文件导入的');
    expect(calls.some((c) => c.url.pathname === `${BASE}/import`)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(
      await screen.findByText('「商品混凝土 C30」：用量单位「m3」与排放因子单位「kgCO2e/t」不一致'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === `${BASE}/import`)!.body).toMatchObject({ mode: 'replace' });
  });

  it('filters the items by class; on a phone each item is a card', async () => {
    await atWidth(390, async () => {
      api();
      renderApp('/bill?id=11&job=5');
      await screen.findByText('清单映射');
      expect(screen.queryByRole('table', { name: '清单映射' })).toBeNull();
      expect(screen.getAllByTestId('bill-mapping-row')).toHaveLength(8);
      fireEvent.click(screen.getByRole('button', { name: '机械台班 1' }));
      expect(screen.getAllByTestId('bill-mapping-row')).toHaveLength(1);
      fireEvent.click(screen.getByRole('button', { name: '未选择 4' }));
      expect(screen.getAllByTestId('bill-mapping-row')).toHaveLength(4);
      expect(rowOf('螺纹钢筋')).toBeDefined();
      expect(rowOf('商品混凝土')).toBeUndefined();
    });
  });

  it('a material without proposals takes a library factor the server checked; a refused one says why', async () => {
    const TILE = {
      id: 77,
      type: '建材',
      name: '陶瓷砖',
      spec: '釉面',
      unit: 'm2',
      materialCo: 19.1,
      coUnit: 'kgCO2e/m2',
    };
    const BOARD = { id: 78, type: '建材', name: '石膏板', unit: 't', materialCo: 100, coUnit: 'kgCO2e/t' };
    const { calls } = api((c) => {
      if (c.url.pathname === '/api/tpf/v1/tpf/tpf3BuildMaterial/') return ok({ dataList: [TILE, BOARD], total: 2 });
      if (c.url.pathname === `${BASE}/5/check`) {
        const { factorId } = c.body as { factorId: number };
        return factorId === 78
          ? fail(
              400,
              '「陶瓷地砖 600×600」不能对应「石膏板」：用量单位「m2」与排放因子单位「kgCO2e/t」不一致，且该材料没有密度',
            )
          : ok(
              sug({
                factorId: 77,
                label: '陶瓷砖（釉面）',
                unit: 'm2',
                quantity: 1856.3,
                manual: true,
                reasons: ['从因子库手动选择'],
              }),
            );
      }
      if (c.url.pathname === `${BASE}/import`)
        return ok({
          rows: { materials: 1, transport: 0, construction: 0 },
          skipped: [],
          warnings: [],
          result: BUILDING,
        });
      return undefined;
    });
    renderApp('/bill?id=11&job=5');
    await screen.findByText('清单映射');
    const search = within(rowOf('陶瓷地砖')).getByRole('combobox', { name: '陶瓷地砖 从因子库选择' });
    fireEvent.mouseDown(search);
    fireEvent.click(await screen.findByRole('option', { name: /石膏板/ }));
    expect(await within(rowOf('陶瓷地砖')).findByTestId('bill-pick-error')).toHaveTextContent(
      '不能对应「石膏板」：用量单位「m2」与排放因子单位「kgCO2e/t」不一致',
    );
    expect(screen.getByTestId('bill-mapping-count')).toHaveTextContent('已选择 4 / 8 项');
    fireEvent.mouseDown(within(rowOf('陶瓷地砖')).getByRole('combobox', { name: '陶瓷地砖 从因子库选择' }));
    fireEvent.click(await screen.findByRole('option', { name: /陶瓷砖/ }));
    await waitFor(() => expect(choiceOf('陶瓷地砖')).toHaveTextContent('陶瓷砖（釉面）'));
    expect(within(rowOf('陶瓷地砖')).getByTestId('bill-chosen')).toHaveTextContent('手动选择');
    expect(within(rowOf('陶瓷地砖')).getByTestId('bill-chosen')).toHaveTextContent('计入：1,856.30 m2');
    expect(calls.filter((c) => c.url.pathname === `${BASE}/5/check`).map((c) => c.body)).toEqual([
      { key: 'tile', factorId: 78 },
      { key: 'tile', factorId: 77 },
    ]);
    // a material with proposals: 从因子库选择其他材料… in its menu opens the same search
    fireEvent.mouseDown(choiceOf('螺纹钢筋'));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '从因子库选择其他材料…' }));
    expect(
      await within(rowOf('螺纹钢筋')).findByRole('combobox', { name: '螺纹钢筋 从因子库选择' }),
    ).toBeInTheDocument();
    expect(choiceOf('螺纹钢筋')).toHaveTextContent('不导入');
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    await screen.findByTestId('bill-import-answer');
    expect(
      (calls.find((c) => c.url.pathname === `${BASE}/import`)!.body as { mappings: unknown[] }).mappings,
    ).toContainEqual({ key: 'tile', factorId: 77 });
  });

  it("says how the building counts 建筑建造; an energy item is left out; a machine's row is corrected and sent", async () => {
    const bill: Bill = {
      ...BILL,
      items: [{ ...ITEMS[6], machineOptions: [] }, DIGGER, ITEMS[5]],
      machines: [ROW_06, ROW_1],
      buildMethod: BY_MACHINE,
    };
    const { calls } = api((c) => {
      if (c.url.pathname === `${BASE}/5` && c.method === 'GET') return ok({ job: JOB, bill });
      if (c.url.pathname === `${BASE}/import`)
        return ok({
          rows: { materials: 0, transport: 0, construction: 2 },
          skipped: [],
          warnings: [],
          result: BUILDING,
        });
      return undefined;
    });
    renderApp('/bill?id=11&job=5');
    await screen.findByText('清单映射');
    expect(screen.getByTestId('bill-build-method')).toHaveTextContent(
      '本单体建筑建造按「按施工机械和临时设施计算」计算：只导入机械台班项，能源及水项不计入，不预选、不可导入',
    );
    expect(within(rowOf('电')).getByTestId('bill-left-out')).toHaveTextContent(
      '本单体建筑建造按「按施工机械和临时设施计算」计算，能源用量不计入；不导入',
    );
    // the nearest size: shown with why, not preselected
    const row = () =>
      within(rowOf('履带式单斗液压挖掘机')).getByRole('combobox', { name: '履带式单斗液压挖掘机 附录C 施工机械' });
    expect(row()).toHaveTextContent('附录C：履带式单斗液压挖掘机 斗容量 1 m3（柴油 63.00 kg/台班）');
    expect(within(rowOf('履带式单斗液压挖掘机')).getByTestId('bill-machine-match')).toHaveTextContent(
      '匹配度 75%规格未能确认，请核对后选择；依据：机械名称相同；规格取表中最接近的 斗容量 1 m3（清单为 斗容量 0.8 m3）',
    );
    expect(choiceOf('履带式单斗液压挖掘机')).toHaveTextContent('不导入');
    fireEvent.mouseDown(row());
    fireEvent.click(
      await screen.findByRole('option', { name: '履带式单斗液压挖掘机 斗容量 0.6 m3（柴油 33.68 kg/台班）' }),
    );
    await waitFor(() => expect(choiceOf('履带式单斗液压挖掘机')).toHaveTextContent('柴油'));
    expect(within(rowOf('履带式单斗液压挖掘机')).getByTestId('bill-chosen')).toHaveTextContent(
      '计入：18.56 台班 × 33.68 kg/台班 = 625.10 kg',
    );
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    await screen.findByTestId('bill-import-answer');
    expect((calls.find((c) => c.url.pathname === `${BASE}/import`)!.body as { mappings: unknown[] }).mappings).toEqual([
      { key: 'truck', factorId: 91, machineId: 331 },
      { key: 'digger', factorId: 91, machineId: 304 },
    ]);
  });

  it('an estimate building is refused', async () => {
    api();
    renderApp('/bill?id=12');
    expect(await screen.findByText('估算模块不支持预算文件导入')).toBeInTheDocument();
    expect(screen.queryByLabelText('选择预算文件')).toBeNull();
  });
});
