// The building's EN 15978 module view as the report section, the workbook sheet and the export read it: the stored
// view (src/calc/modules.ts), or — for a result calculated before the view was kept — the view made from its stored
// stage totals, module D then 未计算. The 合计 is always the building's stored total, never a sum made here.
import { NOT_CALCULATED } from '../../../schemas/en15978';
import { modulesOf, type ModuleView } from '../../calc/modules';
import type { ApiRecord } from '../db/record';
import { STAGE_TITLES } from '../stages/context';
import { resultDetailOf } from './stageData';
import { f2 } from './stageTable';

export const MODULES_TITLE = 'EN 15978 模块';
export const MODULE_HEADER = ['模块', '名称', '碳排放(tCO2e)', '说明'];
export const TOTAL_LABEL = '合计';
export const TOTAL_TITLE = '全生命周期（含碳汇）';
export const TOTAL_NOTE = '与碳排放总量一致：各模块之和，碳汇按 GB/T 51366 计入';
export const D_LABEL = 'D（不计入合计）';

export const MODULES_NOTE =
  '本表按 EN 15978 的生命周期模块列出 GB/T 51366 各阶段的计算结果；GB/T 51366 计算边界未涵盖的模块显示“未计算”，' +
  '不是 0；D 模块（系统边界外的效益与负荷）按 EN 15978 单独报告，不计入合计。';

/** The view of a building's stored result, with the stored total (tCO2e). */
export function buildingModules(b: ApiRecord, total: number): ModuleView {
  return { ...modulesOf(resultDetailOf(b), total, STAGE_TITLES), total };
}

/** A module's figure as the report shows it: two decimals, or 未计算. */
export const moduleText = (v: number | null) => (v === null ? NOT_CALCULATED : f2(v));
