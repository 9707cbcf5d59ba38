// The building workbook's EN 15978 模块 sheet, after 计算结果汇总: the module lines as the report's section shows them
// (moduleLines.ts), numbers as numbers in the two-decimal format, 未计算 as text, the 合计 the stored total; then
// module D in a block of its own, outside the 合计, with the EPD factors it came from. Written in the workbook thread.
import type ExcelJS from 'exceljs';
import type { ModuleView } from '../../calc/modules';
import { NOT_CALCULATED } from '../../../schemas/en15978';
import {
  D_LABEL,
  MODULE_HEADER,
  MODULES_NOTE,
  MODULES_TITLE,
  TOTAL_LABEL,
  TOTAL_NOTE,
  TOTAL_TITLE,
} from './moduleLines';
import { block, num, sheet, type Cell } from './sheetBlocks';

export interface ModuleSheetData {
  view: ModuleView;
  /** the building's stored total, tCO2e; null for a building never calculated */
  total: number | null;
}

const figure = (v: number | null): Cell => num(v) ?? NOT_CALCULATED;

export function addModuleSheet(wb: ExcelJS.Workbook, { view, total }: ModuleSheetData): ExcelJS.Worksheet {
  const ws = sheet(wb, MODULES_TITLE, [16, 34, 16, 80]);
  block(ws, MODULES_TITLE, MODULE_HEADER, [
    ...view.lines.map((l): Cell[] => [l.module, l.title, figure(l.value), l.note]),
    [TOTAL_LABEL, TOTAL_TITLE, figure(total), TOTAL_NOTE],
  ]);
  const d = view.d;
  block(ws, 'D 模块（单独报告）', MODULE_HEADER, [
    [D_LABEL, d.title, figure(d.value), d.note],
    ...d.notes.map((n): Cell[] => ['', '', null, n]),
  ]);
  ws.addRow(['说明', MODULES_NOTE]);
  return ws;
}
