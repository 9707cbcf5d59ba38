// The pre-flight of a budget file, before anything is mapped or saved: how many lines of each class,
// how many without a quantity, duplicates merged (same class, name, specification and unit — quantities summed,
// every source row kept for the trace), the units seen, and the problems, each with its sheet and row. A line
// with a problem is listed, never imported; a line without a quantity (or 0), or priced in money (元), is counted
// and left out. With the building's floor area, the plausibility review (./review.ts): material families whose
// amount per m² is over their ceiling, 待确认 — importable once confirmed.
import { parseUnit, normalizeUnit } from '../../calc/units';
import type { BudgetItemFields, BudgetPreflightFields } from '../../../schemas/budget';
import type { EnergyKind } from '../../../schemas/factors/kinds';
import { classify, type LineClass } from './classify';
import { noSkips, type BudgetLine, type LineSkips } from './lines';
import { columnLetter } from './grid';
import { sameItem } from './sameItem';
import { reviewItems } from './review';
import type { FloorArea } from '../../../schemas/bim';
import type { BudgetTables } from './tables';

/** A line to map: one or more lines of the file merged (its shape: schemas/budget.ts). */
export interface BudgetItem extends BudgetItemFields {
  cls: LineClass;
  energy?: EnergyKind;
}

export type BudgetProblem = BudgetPreflight['problems'][number];
export type BudgetPreflight = BudgetPreflightFields<BudgetItem>;

/**
 * The dimension an energy line's unit must have: electricity energy; fuels mass or volume (or energy); water volume or
 * mass.
 */
const ENERGY_DIMS: Partial<Record<EnergyKind, { dims: string[]; words: string }>> = {
  electricity: { dims: ['E'], words: '电量单位（kWh、度）' },
  diesel: { dims: ['M', 'L3', 'E'], words: '质量或体积单位（kg、t、L）' },
  gasoline: { dims: ['M', 'L3', 'E'], words: '质量或体积单位（kg、t、L）' },
  naturalGas: { dims: ['L3', 'M', 'E'], words: '体积单位（m³）' },
  lpg: { dims: ['M', 'L3', 'E'], words: '质量或体积单位（kg、t）' },
  coal: { dims: ['M', 'E'], words: '质量单位（kg、t）' },
  water: { dims: ['L3', 'M'], words: '体积或质量单位（m³、t）' },
};

const MONEY = /^(元|万元|%|％|元\/.*)$/;

const dimsKey = (d: Record<string, number>) => {
  const keys = Object.keys(d).filter((k) => d[k]);
  return keys.length === 1
    ? `${keys[0]}${d[keys[0]] === 1 ? '' : d[keys[0]]}`
    : keys.map((k) => `${k}${d[k]}`).join('');
};

function problemOf(line: BudgetLine, energy: EnergyKind | undefined): string | undefined {
  if (!line.name) return '缺少名称';
  if (line.quantityText && line.quantity === undefined) return `数量「${line.quantityText}」不是数字`;
  if (line.quantity !== undefined && line.quantity < 0) return `数量 ${line.quantity} 为负数`;
  if (!line.unit) return '缺少单位';
  const unit = parseUnit(line.unit);
  if (!unit) return `单位「${line.unit}」无法识别`;
  const need = energy && ENERGY_DIMS[energy];
  if (need && !need.dims.includes(dimsKey(unit.dims))) return `「${line.name}」的单位「${line.unit}」应为${need.words}`;
  return undefined;
}

export function preflight(read: BudgetTables, floor: FloorArea | null = null): BudgetPreflight {
  const byClass = {
    labour: { lines: 0, items: 0 },
    material: { lines: 0, items: 0 },
    equipment: { lines: 0, items: 0 },
    energy: { lines: 0, items: 0 },
    machine: { lines: 0, items: 0 },
  };
  const skipped: LineSkips = noSkips();
  const units = new Map<string, number>();
  // by what makes two lines one item (class, name, specification, unit as a dimension and scale: m3 = 立方米)
  const items = new Map<string, BudgetItem>();
  const problems: BudgetProblem[] = [];
  let totalLines = 0;
  let withoutQuantity = 0;
  let zeroQuantity = 0;
  let costLines = 0;
  let duplicatesMerged = 0;
  for (const table of read.tables) {
    for (const k of Object.keys(skipped) as (keyof LineSkips)[]) skipped[k] += table.skips[k];
    for (const line of table.lines) {
      totalLines++;
      const c = classify(line);
      byClass[c.cls].lines++;
      if (line.unit) units.set(line.unit, (units.get(line.unit) ?? 0) + 1);
      if (MONEY.test(normalizeUnit(line.unit))) {
        costLines++;
        continue;
      }
      // labour carries no carbon here: counted, never checked or imported
      if (c.cls === 'labour') continue;
      const problem = problemOf(line, c.energy);
      if (problem) {
        problems.push({
          sheet: line.sheet,
          row: line.row,
          name: [line.name, line.spec].filter(Boolean).join(' '),
          message: problem,
        });
        continue;
      }
      if (line.quantity === undefined) {
        withoutQuantity++;
        continue;
      }
      if (line.quantity === 0) {
        zeroQuantity++;
        continue;
      }
      const same = `${c.cls}|${sameItem(line)}`;
      const had = items.get(same);
      if (had) {
        had.quantity += line.quantity;
        had.sources.push({ sheet: line.sheet, row: line.row });
        duplicatesMerged++;
        continue;
      }
      const key = [c.cls, line.name, line.spec, normalizeUnit(line.unit)].join('|');
      items.set(same, {
        key,
        cls: c.cls,
        energy: c.energy,
        reason: c.reason,
        code: line.code,
        name: line.name,
        spec: line.spec,
        unit: line.unit,
        quantity: line.quantity,
        sources: [{ sheet: line.sheet, row: line.row }],
      });
    }
  }
  for (const it of items.values()) byClass[it.cls].items++;
  return {
    sheets: read.tables.map((t) => t.header.sheet),
    otherSheets: read.otherSheets,
    unreadColumns: read.tables.flatMap((t) =>
      t.unread.map((u) => ({ sheet: t.header.sheet, column: columnLetter(u.column), title: u.title })),
    ),
    totalLines,
    byClass,
    withoutQuantity,
    zeroQuantity,
    costLines,
    duplicatesMerged,
    units: [...units]
      .map(([unit, lines]) => ({ unit, lines }))
      .sort((a, b) => b.lines - a.lines || a.unit.localeCompare(b.unit)),
    skipped,
    problems,
    review: reviewItems([...items.values()], floor),
    reviewFloor: floor?.value ?? null,
    items: [...items.values()],
  };
}
