// Each bill item's proposed factors, best first, each with the quantity it would import in the factor's
// unit and how it was converted, or why it cannot take the item: materials and equipment through the BIM import's
// matcher (one engine: imports/match — family, grade, name, pinyin), the tenant's confirmed choice first; energy and
// water the library's factors of that energy (electricity may also stay on the building's grid factor, as a stage row
// without a factor does); machine shifts their 表C.0.1 row, then the factor of its energy.
import { mappingKey } from '../imports/mappings';
import { match, prepare, type Candidate } from '../imports/match/suggest';
import type { LibraryMaterial } from '../imports/library';
import { convertToFactor, shiftEnergyUnit } from '../../calc/units';
import { convertItem } from './convert';
import { standsInForWater } from './classify';
import { machineOption, matchMachineChoice, type MachineMatch, type MachineRow } from './machines';
import type { BudgetItem } from './preflight';
import type { BudgetSuggestionAnswer } from '../../../schemas/budget';
import { ENERGY_KINDS } from '../../../schemas/factors/kinds';

/** The API's shape (schemas/budget.ts): one definition for both sides. */
export type BudgetSuggestion = BudgetSuggestionAnswer;

export interface SuggestedItem extends BudgetItem {
  suggestions: BudgetSuggestion[];
  /** a machine line's 表C.0.1 row */
  machine: MachineMatch | null;
  /** a machine line's rows to pick from, and the proposals for each of their energies */
  machineOptions?: number[];
  machineSuggestions?: Record<string, BudgetSuggestion[]>;
  /** why nothing is proposed */
  note: string | null;
}

export interface Library {
  materials: Map<number, LibraryMaterial>;
  energies: Map<number, LibraryMaterial>;
  machines: readonly MachineRow[];
  /** the tenant's confirmed choices: mapping key → factor id */
  saved: Map<string, number>;
}

/** The key a confirmed choice is saved under (the BIM import's table, name and specification as one name). */
export const itemKey = (i: { name: string; spec: string }) => mappingKey(`${i.name} ${i.spec}`.trim());

const GRID = '电网排放因子（按单体所在地区）';

function answer(
  f: LibraryMaterial,
  confidence: number,
  reasons: string[],
  saved: boolean,
  conv: ReturnType<typeof convertItem>,
): BudgetSuggestion {
  return {
    factorId: f.id,
    label: f.label,
    unit: f.unit,
    coUnit: f.coUnit,
    factorValue: f.factorValue,
    confidence,
    reasons,
    saved,
    ...(conv.ok
      ? { quantity: conv.quantity, steps: conv.steps, error: null }
      : { quantity: null, steps: [], error: conv.message }),
  };
}

function materialSuggestions(
  item: BudgetItem,
  lib: Library,
  prepared: ReturnType<typeof prepare>,
): { list: BudgetSuggestion[]; note: string | null } {
  const out: BudgetSuggestion[] = [];
  const savedId = lib.saved.get(itemKey(item));
  const saved = savedId === undefined ? undefined : lib.materials.get(savedId);
  if (saved) out.push(answer(saved, 1, ['本单位已确认的映射'], true, convertItem(item, saved)));
  const fits = (c: Candidate) => {
    const conv = convertItem(item, lib.materials.get(c.id)!);
    return conv.ok || `因子单位 ${c.unit}`;
  };
  const found = match(`${item.name} ${item.spec}`.trim(), fits, prepared, 3);
  for (const s of found.suggestions)
    if (s.factorId !== savedId)
      out.push(
        answer(
          lib.materials.get(s.factorId)!,
          s.confidence,
          s.reasons,
          false,
          convertItem(item, lib.materials.get(s.factorId)!),
        ),
      );
  return { list: out.slice(0, 4), note: out.length ? null : found.note };
}

/** Electricity's first choice: no factor of its own, the building's grid factor (as a stage row without one). */
function gridSuggestion(amount: { quantity: number; unit: string }): BudgetSuggestion {
  const kwh = convertToFactor(amount.quantity, amount.unit, 'kgCO2e/kWh', { energy: 'electricity' });
  return {
    factorId: null,
    label: GRID,
    unit: 'kWh',
    coUnit: 'kgCO2e/kWh',
    factorValue: null,
    confidence: 0.9,
    reasons: ['与阶段中未选因子的用电行相同，按单体的电网排放因子计算'],
    saved: false,
    ...(kwh.ok
      ? { quantity: kwh.value, steps: kwh.steps, error: null }
      : { quantity: null, steps: [], error: kwh.message }),
  };
}

/** The library's factors of one energy, the tenant's confirmed one first, each converted; electricity's grid choice. */
function energySuggestions(
  item: BudgetItem,
  energy: string,
  lib: Library,
  amount: { quantity: number; unit: string },
  reason: string,
): BudgetSuggestion[] {
  const savedId = lib.saved.get(itemKey(item));
  const same = [...lib.energies.values()].filter((f) => f.energy === energy);
  same.sort((a, b) => Number(b.id === savedId) - Number(a.id === savedId) || a.id - b.id);
  const first = standsInForWater(item.name) ? 0.75 : 0.85;
  const list = same.map((f, i) => {
    const saved = f.id === savedId;
    return answer(
      f,
      saved ? 1 : i === 0 ? first : 0.75,
      saved ? ['本单位已确认的映射'] : [reason],
      saved,
      convertItem({ name: item.name, spec: item.spec, ...amount }, f, energy),
    );
  });
  if (energy === 'electricity')
    list.splice(savedId !== undefined && lib.energies.has(savedId) ? 1 : 0, 0, gridSuggestion(amount));
  return list;
}

const NOTHING = '未找到可用的因子，请从因子库选择';

/** A material item on a factor picked by hand from the library: the quantity it would import, or why it cannot. */
export const manualSuggestion = (item: BudgetItem, f: LibraryMaterial): BudgetSuggestion => ({
  ...answer(f, 1, ['从因子库手动选择'], false, convertItem(item, f)),
  manual: true,
});

/**
 * A machine line: its 表C.0.1 row, the rows the user may pick instead, and the library's factors of each of their
 * energies. The row's quantity stays its shifts; the factor must take the machine's per-shift unit of 附录C (kg of
 * diesel, kWh), which the import writes into the row as its 台班能耗单位. (No conversion steps: their figures
 * would be the proposed row's, and the user may pick another; the row's trace shows them.)
 */
function machineItem(item: BudgetItem, lib: Library): SuggestedItem {
  const { match, options, note } = matchMachineChoice(item, lib.machines);
  const energies = new Map(options.map((id) => machineOption(lib.machines, id)!).map((o) => [o.energy, o.energyUnit]));
  const byEnergy: Record<string, BudgetSuggestion[]> = {};
  for (const [energy, unit] of energies) {
    const label = ENERGY_KINDS.find(([v]) => v === energy)?.[1] ?? energy;
    const list = energySuggestions(
      item,
      energy,
      lib,
      { quantity: item.quantity, unit: shiftEnergyUnit(energy, unit) },
      `按附录C 台班能耗折算为${label}`,
    );
    byEnergy[energy] = list.slice(0, 4).map((s) => ({ ...s, quantity: s.error ? null : item.quantity, steps: [] }));
  }
  const suggestions = match ? (byEnergy[match.energy] ?? []) : [];
  const why = match ? (suggestions.length ? null : '因子库暂无该机械所用能源的因子') : note;
  // (the matched row's energy is answered once, as the suggestions: a large bill has a thousand machine items)
  if (match) delete byEnergy[match.energy];
  return {
    ...item,
    suggestions,
    machine: match ?? null,
    machineOptions: options,
    machineSuggestions: byEnergy,
    note: why,
  };
}

export function suggestItems(items: readonly BudgetItem[], lib: Library): SuggestedItem[] {
  const prepared = prepare(
    [...lib.materials.values()].map((f) => ({
      id: f.id,
      name: f.name,
      unit: f.unit,
      group: f.group,
      spec: f.spec,
      source: f.source,
    })),
  );
  return items.map((item) => {
    if (item.cls === 'material' || item.cls === 'equipment') {
      const { list, note } = materialSuggestions(item, lib, prepared);
      return { ...item, suggestions: list, machine: null, note: list.length ? null : (note ?? NOTHING) };
    }
    if (item.cls === 'energy' && item.energy) {
      const list = energySuggestions(item, item.energy, lib, item, `能源种类相同（${item.name}）`);
      return {
        ...item,
        suggestions: list.slice(0, 4),
        machine: null,
        note: list.length ? null : `因子库暂无「${item.name}」的能源因子`,
      };
    }
    if (item.cls === 'machine') return machineItem(item, lib);
    return { ...item, suggestions: [], machine: null, note: null };
  });
}
