// A bill's fuels, electricity and water classify by their core word whatever the pricing tool adds around it
// (柴油（机械）, 动力用电, 施工用水, 0#柴油), and the materials whose names merely contain such a word stay materials.
// Each line is given with a material's 类别 (材) — the way tools file energy — so only the name can make it energy.
import { describe, expect, it } from 'vitest';
import { classify, coreName } from '../../../src/server/budget/classify';
import type { BudgetLine } from '../../../src/server/budget/lines';
import { readBudgetGrids } from '../../../src/server/budget/readGrids';
import { readTables } from '../../../src/server/budget/tables';
import { preflight } from '../../../src/server/budget/preflight';
import { rcjSheet, xlsxBook, type RcjLine } from './workbooks';

const line = (name: string, unit: string, over: Partial<BudgetLine> = {}): BudgetLine => ({
  sheet: '人材机汇总表',
  row: 5,
  code: '',
  category: '材',
  name,
  spec: '',
  unit,
  quantity: 1,
  quantityText: '1',
  section: '',
  ...over,
});

describe('qualified energy and water names', () => {
  const cases: [string, string, string][] = [
    ['柴油（机械）', 'kg', 'diesel'],
    ['柴油(机械用)', 'kg', 'diesel'],
    ['0#柴油', 'kg', 'diesel'],
    ['0#柴油（机械用）', 'kg', 'diesel'],
    ['汽油（机械）', 'kg', 'gasoline'],
    ['动力用电', 'kW·h', 'electricity'],
    ['施工用电', 'kW·h', 'electricity'],
    ['电（机械）', 'kW·h', 'electricity'],
    ['施工用水', 'm3', 'water'],
    ['水（综合）', 'm3', 'water'],
    ['生产用水', 't', 'water'],
    ['中水', 'm3', 'water'],
    ['动力煤', 't', 'coal'],
  ];
  for (const [name, unit, energy] of cases) {
    it(`${name} → 能源及水 (${energy})`, () => {
      expect(classify(line(name, unit))).toMatchObject({ cls: 'energy', energy });
    });
  }

  it('the reason names the core word read, and that 中水 takes tap water’s factor', () => {
    expect(classify(line('柴油（机械）', 'kg')).reason).toBe('名称「柴油（机械）」（按「柴油」）为能源或水');
    expect(classify(line('柴油', 'kg')).reason).toBe('名称「柴油」为能源或水');
    expect(classify(line('中水', 'm3')).reason).toContain('中水按自来水的因子计');
  });

  it('the core word: brackets (full or half width) and users removed, repeatedly', () => {
    expect(
      ['柴油（机械）', '柴油 (机械用)', '施工机械用柴油', '电【动力】', '水（综合）', '施工用水'].map(coreName),
    ).toEqual(['柴油', '柴油', '柴油', '电', '水', '水']);
  });
});

describe('names that only contain an energy word', () => {
  const materials: [string, string][] = [
    ['电焊条', 'kg'],
    ['水泥', 't'],
    ['水泥砂浆', 'm3'],
    ['防水涂料', 'kg'],
    ['电线', 'm'],
    ['电缆', 'm'],
    ['动力电缆', 'm'],
    ['水管', 'm'],
    ['煤矸石砖', '千块'],
    ['柴油发电机组', '台'],
    ['施工电梯', '台'],
  ];
  for (const [name, unit] of materials) {
    it(`${name} stays a material`, () => {
      expect(classify(line(name, unit, { category: '', section: '' })).cls).toBe('material');
    });
  }

  it('柴油发电机组 in 台班 is a machine, as equipment it is equipment', () => {
    expect(classify(line('柴油发电机组', '台班', { category: '' })).cls).toBe('machine');
    expect(classify(line('柴油发电机组', '台', { category: '设' })).cls).toBe('equipment');
  });
});

describe('through a workbook', () => {
  it('a 人材机汇总表 writing 柴油（机械） and 施工用水 under 材 gives two energy items in their own units', async () => {
    const lines: RcjLine[] = [
      {
        code: '14390101',
        category: '材',
        name: '柴油（机械）',
        spec: '',
        unit: 'kg',
        quantity: 2856.4,
        budgetPrice: 7.5,
        marketPrice: 7.8,
      },
      {
        code: '34110117',
        category: '材',
        name: '施工用水',
        spec: '',
        unit: 'm3',
        quantity: 1250,
        budgetPrice: 4.5,
        marketPrice: 4.6,
      },
      {
        code: '04010101',
        category: '材',
        name: '水泥',
        spec: 'P.O 42.5',
        unit: 't',
        quantity: 71.14,
        budgetPrice: 420,
        marketPrice: 450,
      },
    ];
    const p = preflight(readTables(readBudgetGrids(await xlsxBook([rcjSheet(lines)]))));
    expect(p.items.map((i) => [i.name, i.cls, i.energy ?? null, i.quantity, i.unit])).toEqual([
      ['柴油（机械）', 'energy', 'diesel', 2856.4, 'kg'],
      ['施工用水', 'energy', 'water', 1250, 'm3'],
      ['水泥', 'material', null, 71.14, 't'],
    ]);
    expect(p.problems).toEqual([]);
  });
});
