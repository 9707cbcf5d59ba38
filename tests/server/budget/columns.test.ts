// Header and line reading on hand-made grids: the titles as pricing tools word and merge them, the
// rows that are not lines, and the refusal that names what is missing.
import { describe, expect, it } from 'vitest';
import { findHeader, missingRoles } from '../../../src/server/budget/columns';
import { spreadMerges, type Cell, type Grid } from '../../../src/server/budget/grid';
import { quantityOf, readLines, splitNameSpec } from '../../../src/server/budget/lines';
import { classify } from '../../../src/server/budget/classify';
import { readTables } from '../../../src/server/budget/tables';
import { preflight } from '../../../src/server/budget/preflight';
import { unitIdentity } from '../../../src/server/budget/sameItem';

const grid = (rows: Cell[][], sheet = 'Sheet1'): Grid => ({ sheet, rows: rows.map((r) => [...r]) });

describe('the header', () => {
  it('is found under a merged title and a 工程名称 line, with its columns by title', () => {
    const g = grid([
      ['人材机汇总表', '人材机汇总表', '人材机汇总表', '人材机汇总表', '人材机汇总表', '人材机汇总表', '人材机汇总表'],
      ['工程名称：某办公楼', null, null, null, null, '第 1 页 共 1 页', null],
      ['序号', '编码', '类别', '名称', '规格型号', '单位', '数量'],
      [1, '00010101', '人', '综合工日', null, '工日', 1520.5],
    ]);
    const h = findHeader(g)!;
    expect(h.last).toBe(2);
    expect(h.columns).toEqual({ seq: 0, code: 1, category: 2, name: 3, spec: 4, unit: 5, quantity: 6 });
  });

  it('takes 总消耗量 under a merged 数量, never 定额消耗量; prices and amounts are not ours', () => {
    const rows: Cell[][] = [
      ['序号', '材料名称', '规格型号', '单位', '数量', null, '单价(元)', '合价(元)'],
      [null, null, null, null, '定额消耗量', '总消耗量', null, null],
      [1, '水泥', 'P.O 42.5', 't', 0.35, 120, 480, 57600],
    ];
    spreadMerges(rows, [
      { r0: 0, r1: 1, c0: 0, c1: 0 },
      { r0: 0, r1: 1, c0: 1, c1: 1 },
      { r0: 0, r1: 1, c0: 2, c1: 2 },
      { r0: 0, r1: 1, c0: 3, c1: 3 },
      { r0: 0, r1: 0, c0: 4, c1: 5 },
    ]);
    const h = findHeader(grid(rows))!;
    expect(h.columns).toEqual({ seq: 0, name: 1, spec: 2, unit: 3, quantity: 5 });
    expect(h.last).toBe(1);
  });

  it('reads 名称、规格、型号 in one column and splits it', () => {
    const g = grid([
      ['序号', '名称、规格、型号', '单位', '数量', '风险系数(%)', '基准单价(元)'],
      [1, '商品混凝土 C30', 'm3', 860, 5, 420],
      [2, '螺纹钢筋HRB400 Φ12', 't', 95.2, 5, 4100],
    ]);
    const h = findHeader(g)!;
    expect(h.columns).toEqual({ seq: 0, nameSpec: 1, unit: 2, quantity: 3 });
    expect(readLines(g, h).lines.map((l) => [l.name, l.spec])).toEqual([
      ['商品混凝土', 'C30'],
      ['螺纹钢筋', 'HRB400 Φ12'],
    ]);
    expect(splitNameSpec('标准砖240×115×53')).toEqual(['标准砖', '240×115×53']);
    expect(splitNameSpec('中砂')).toEqual(['中砂', '']);
    // letters between Chinese words name the product's kind; a grade or a size after them is the specification
    expect(splitNameSpec('热轧H型钢 HW200×200')).toEqual(['热轧H型钢', 'HW200×200']);
    expect(splitNameSpec('硬质PVC管DN100')).toEqual(['硬质PVC管', 'DN100']);
    expect(splitNameSpec('预拌混凝土（泵送）C30')).toEqual(['预拌混凝土（泵送）', 'C30']);
    expect(splitNameSpec('水泥 普通硅酸盐 P.O 42.5')).toEqual(['水泥', '普通硅酸盐 P.O 42.5']);
  });

  it('a table without a quantity column is refused, naming what it lacks and what it has', () => {
    const g = grid(
      [
        ['序号', '名称、规格、型号', '变值权重B', '基本价格指数F0', '现行价格指数Ft', '备注'],
        [1, '钢材', 0.12, 100, 105, null],
      ],
      '表-22',
    );
    expect(missingRoles(findHeader(g)!)).toEqual(['单位', '数量']);
    expect(() => readTables([g])).toThrow('工作表「表-22」缺少必需的列：单位、数量（已找到：序号、名称、规格、型号）');
    expect(() => readTables([grid([['单位工程费用汇总表'], ['序号', '费用名称', '金额']])])).toThrow(/^未找到材料表/);
  });
});

describe('the lines', () => {
  const g = grid([
    ['序号', '名称', '规格型号', '单位', '数量'],
    ['一、人工', '一、人工', '一、人工', '一、人工', '一、人工'].map((_, i) => (i === 1 ? '一、人工' : null)) as Cell[],
    [1, '综合工日', null, '工日', 100],
    [null, null, null, null, null],
    ['', '二、材料', null, null, null],
    [2, '商品混凝土', 'C30', 'm3', '1,234.50'],
    [3, '防水卷材', 'SBS 4mm', 'm2', 'abc'],
    [4, '中砂', null, 'm3', null],
    [null, '本页小计', null, null, 5000],
    ['序号', '名称', '规格型号', '单位', '数量'],
    [5, '电', null, 'kW·h', 26000],
    ['合计', null, null, null, 99999],
    ['注：本表数量含损耗', null, null, null, null],
  ]);
  const h = findHeader(g)!;
  const { lines, skips } = readLines(g, h);

  it('skips blank, section, subtotal, repeated header and note rows; sections classify the lines under them', () => {
    expect(lines.map((l) => `${l.row}:${l.name}`)).toEqual([
      '3:综合工日',
      '6:商品混凝土',
      '7:防水卷材',
      '8:中砂',
      '11:电',
    ]);
    expect(skips).toEqual({ blank: 1, subtotal: 2, note: 1, section: 2, header: 1, title: 0, subheading: 0 });
    expect(lines.map((l) => l.section)).toEqual(['人工', '材料', '材料', '材料', '材料']);
  });

  it('reads quantities written as text with separators; keeps what is not a number', () => {
    expect(lines[1].quantity).toBe(1234.5);
    expect(lines[2]).toMatchObject({ quantity: undefined, quantityText: 'abc' });
    expect(lines[3]).toMatchObject({ quantity: undefined, quantityText: '' });
    expect([quantityOf('１２.５'), quantityOf(' 7 '), quantityOf('1e3'), quantityOf('约10')]).toEqual([
      12.5,
      7,
      1000,
      undefined,
    ]);
  });

  it('classifies by name (energy, water), unit (工日, 台班), 类别, then section', () => {
    expect(lines.map((l) => classify(l).cls)).toEqual(['labour', 'material', 'material', 'material', 'energy']);
    expect(classify({ ...lines[1], name: '水', unit: 'm3' })).toMatchObject({ cls: 'energy', energy: 'water' });
    expect(classify({ ...lines[1], name: '履带式挖掘机', spec: '1m3', unit: '台班', category: '' })).toMatchObject({
      cls: 'machine',
    });
    expect(classify({ ...lines[1], name: '电梯', unit: '台', category: '设', section: '' })).toMatchObject({
      cls: 'equipment',
    });
    expect(classify({ ...lines[1], name: '柴油', unit: 'kg', category: '材' })).toMatchObject({
      cls: 'energy',
      energy: 'diesel',
    });
  });
});

describe('the vocabulary', () => {
  const headerWith = (spec: string, quantity: string) =>
    findHeader(
      grid([
        ['序号', '材料名称', spec, '计量单位', quantity, '单价(元)'],
        [1, '预拌混凝土', 'C30', 'm3', 100, 465],
      ]),
    )!;

  it('reads the specification however it is titled: GB 50500-2008, slashes, 技术规格, 型号规格 …', () => {
    for (const title of [
      '规格、型号等特殊要求',
      '规格/型号',
      '技术规格',
      '规格型号及特殊要求',
      '型号规格',
      '规格及型号',
      '材料规格',
      '规格 型号',
    ]) {
      expect([title, headerWith(title, '数量').columns]).toEqual([
        title,
        { seq: 0, name: 1, spec: 2, unit: 3, quantity: 4 },
      ]);
    }
  });

  it('reads the quantity however it is titled, a total before a per-unit consumption', () => {
    for (const title of ['台班数量', '总数量', '消耗量合计', '数量合计', '工程量', '数量(台班)'])
      expect([title, headerWith('规格型号', title).columns.quantity]).toEqual([title, 4]);
    const h = findHeader(
      grid([
        ['名称', '单位', '消耗量', '消耗量合计'],
        ['水泥', 't', 0.35, 120],
      ]),
    )!;
    expect(h.columns.quantity).toBe(3);
  });

  it('looks for the header down to row 200 (a two-row header may end on 201), no further', () => {
    const under = (n: number) =>
      grid([
        ...Array.from({ length: n }, (_, i): Cell[] => [`说明第 ${i + 1} 条`, null, null]),
        ['名称', '单位', '数量'],
        ['中砂', 'm3', 12],
      ]);
    expect(findHeader(under(199))?.first).toBe(199);
    expect(findHeader(under(201))).toBeUndefined();
    expect(() => readTables([under(201)])).toThrow(/^未找到材料表/);
  });
});

describe('columns that may hold a specification, unread', () => {
  it('a 型号 beside the 规格 read, and a 材质: their values join the specification, the columns are named', () => {
    const g = grid([
      ['名称', '规格', '型号', '材质', '单位', '数量'],
      ['钢板', 'δ10', 'A', 'Q235B', 't', 3],
      ['钢板', 'δ10', 'A', 'Q355B', 't', 2],
      ['钢板', 'δ10', 'A', 'Q235B', 't', 1],
    ]);
    const { tables } = readTables([g]);
    expect(tables[0].unread).toEqual([
      { column: 2, title: '型号' },
      { column: 3, title: '材质' },
    ]);
    // Q235B: 3 + 1 = 4 t; Q355B: 2 t
    expect(preflight(readTables([g])).items.map((i) => `${i.spec} ${i.quantity}`)).toEqual([
      'δ10 A Q235B 4',
      'δ10 A Q355B 2',
    ]);
  });

  it('a price or an index column is not one, however its figures differ', () => {
    const g = grid([
      ['名称', '规格型号', '单位', '数量', '市场价', '风险系数(%)'],
      ['水泥', 'P.O 42.5', 't', 50, 480, '≤5'],
      ['水泥', 'P.O 42.5', 't', 8, 495, '≤3'],
    ]);
    const p = preflight(readTables([g]));
    expect([p.unreadColumns, p.items.map((i) => i.quantity), p.duplicatesMerged]).toEqual([[], [58], 1]);
  });

  it('units are one when their dimension and scale are: m3 = 立方米 = 立方 = ㎥, t = 吨, 千块 = 千匹; kg is not t', () => {
    const ids = ['m3', '立方米', '立方', '㎥', 'M3', 't', '吨', '千块', '千匹', 'kg'].map(unitIdentity);
    expect(new Set(ids.slice(0, 5)).size).toBe(1);
    expect([ids[5] === ids[6], ids[7] === ids[8], ids[9] === ids[5]]).toEqual([true, true, false]);
  });
});

describe('junk in whatever column', () => {
  it('a 注 and its numbered lines in 序号 alone are notes; a section title after them is still a section', () => {
    const g = grid([
      ['序号', '名称', '规格型号', '单位', '数量'],
      [1, '水泥', 'P.O 42.5', 't', 58.734],
      ['注：1. 本表数量含损耗。', null, null, null, null],
      ['2. 甲供材料按合同价结算。', null, null, null, null],
      [null, '三、机械', null, null, null],
      [2, '载重汽车', '6t', '台班', 24.38],
      ['其中：', null, null, null, null],
    ]);
    const { lines, skips } = readLines(g, findHeader(g)!);
    expect(lines.map((l) => `${l.row}:${l.name}:${l.section}`)).toEqual(['2:水泥:', '6:载重汽车:机械']);
    expect(skips).toMatchObject({ note: 2, section: 1, subheading: 1 });
  });

  it('a line with a 类别 of 材料 but neither unit nor quantity is a line (a problem), not a section', () => {
    const g = grid([
      ['序号', '类别', '名称', '单位', '数量'],
      [null, null, '二、材料', null, null],
      [1, '材料', '钢筋', null, null],
    ]);
    const { lines, skips } = readLines(g, findHeader(g)!);
    expect([lines.map((l) => l.name), skips.section]).toEqual([['钢筋'], 1]);
    expect(preflight(readTables([g])).problems.map((x) => x.message)).toEqual(['缺少单位']);
  });
});
