// A 人材机汇总表 of machine shifts only, their sizes written in every notation bills and the 台班费用定额 use: in
// the 规格型号 column with the unit in brackets (`斗容量(m3) 0.6`, `装载质量(t) 8`, `输送量(m3/h) 75`, `功率(kW) 105`,
// `起重量(t) 25`, `直径(mm) 500`), in the name (`载重汽车 装载质量6t`), a size the table lacks, and a machine the table
// lacks. Each line names the GB/T 51366-2019 表C.0.1 row (附录C 序号, appC_machines.csv) it must take, with its energy
// per shift, so a test or the e2e spec checks the match and works the energy by hand.
import type { RcjLine } from './budgetLines';
import { rcjSheet } from './workbooks';
import { xlsxBook } from './sheets';

export interface MachineLine extends RcjLine {
  /** the 表C.0.1 row it must take: 附录C 序号, spec, energy per shift; null when the table lacks the machine */
  row: { no: number; spec: string; perShift: number } | null;
  /** the same size as the table's (preselected), or only the nearest */
  exact: boolean;
}

const M = (
  code: string,
  name: string,
  spec: string,
  quantity: number,
  row: MachineLine['row'],
  exact = true,
): MachineLine => ({
  code,
  category: '机',
  name,
  spec,
  unit: '台班',
  quantity,
  budgetPrice: 500,
  marketPrice: 520,
  row,
  exact,
});

export const MACHINE_LINES: readonly MachineLine[] = [
  M('990101015', '履带式单斗液压挖掘机', '斗容量(m3) 0.6', 12.4, { no: 4, spec: '斗容量 0.6 m3', perShift: 33.68 }),
  M('990101020', '履带式单斗液压挖掘机 斗容量1m3', '', 18.56, { no: 5, spec: '斗容量 1 m3', perShift: 63.0 }),
  // 0.8 m³: 0.2 from 0.6 and from 1; the larger taken, not preselected
  M('990101025', '履带式单斗液压挖掘机', '斗容量(m3) 0.8', 6.2, { no: 5, spec: '斗容量 1 m3', perShift: 63.0 }, false),
  M('990401030', '载重汽车 装载质量6t', '', 24.38, { no: 68, spec: '装载质量 6 t', perShift: 33.24 }),
  M('990401035', '载重汽车', '装载质量(t) 8', 10.5, { no: 69, spec: '装载质量 8 t', perShift: 35.49 }),
  M('990602010', '混凝土输送泵', '输送量(m3/h) 75', 9.8, { no: 91, spec: '输送量 75 m3/h', perShift: 367.96 }),
  M('990101005', '履带式推土机', '功率(kW) 105', 4.2, { no: 2, spec: '功率 105 kW', perShift: 60.8 }),
  M('990302020', '履带式起重机', '起重量(t) 25', 7.6, { no: 47, spec: '提升质量 25 t', perShift: 36.05 }),
  M('990706010', '木工圆锯机', '直径(mm) 500', 28.64, { no: 102, spec: '直径 500 mm', perShift: 24.0 }),
  // 25 t: 5 t from 20 t and from 30 t; the larger taken, not preselected
  M('990304020', '汽车式起重机', '起重量(t) 25', 8.45, { no: 57, spec: '提升质量 30 t', perShift: 42.49 }, false),
  M('990602020', '混凝土振捣器(插入式)', '', 156.34, null, false),
];

/** The workbook: one 人材机汇总表 sheet (title block, header, 三、机械, 小计, 合计) of MACHINE_LINES. */
export const machineBill = (): Promise<Buffer> => xlsxBook([rcjSheet(MACHINE_LINES)]);
