// EN 15978 模块, after 计算结果: the stored figures read in EN 15978's modules — one line per module (未计算 where
// GB/T 51366 does not calculate it), the sink on a line of its own, the 合计 as stored — then module D in a table of
// its own, outside the 合计, with the EPD factors it came from. (The stages' warnings, an expired EPD among them,
// are printed in 说明.)
import type { ReportSection } from '../blocks';
import type { ReportContext } from '../context';
import {
  buildingModules,
  D_LABEL,
  MODULE_HEADER,
  MODULES_NOTE,
  MODULES_TITLE,
  moduleText,
  TOTAL_LABEL,
  TOTAL_NOTE,
  TOTAL_TITLE,
} from '../moduleLines';
import { f2 } from '../stageTable';

const WIDTHS = [20, 32, 16, 56];

export function modulesSection({ building, total }: ReportContext): ReportSection {
  const view = buildingModules(building, total);
  const d = view.d;
  return {
    title: MODULES_TITLE,
    blocks: [
      { kind: 'text', text: MODULES_NOTE, tone: 'note' },
      {
        kind: 'table',
        table: {
          header: MODULE_HEADER,
          numeric: [2],
          rows: [
            ...view.lines.map((l) => [l.module, l.title, moduleText(l.value), l.note]),
            [TOTAL_LABEL, TOTAL_TITLE, f2(view.total), TOTAL_NOTE],
          ],
        },
        widths: WIDTHS,
      },
      {
        kind: 'table',
        table: { header: MODULE_HEADER, numeric: [2], rows: [[D_LABEL, d.title, moduleText(d.value), d.note]] },
        widths: WIDTHS,
      },
      ...(d.notes.length ? [{ kind: 'list' as const, items: d.notes }] : []),
    ],
  };
}
