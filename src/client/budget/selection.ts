// The mapping's rules, apart from the components so they are tested alone: each bill item has at most one chosen
// proposal, by its index among the item's suggestions. An item opens with its first proposal chosen only when that
// proposal is the tenant's saved choice or at least CONFIRM_AT sure (the BIM matcher's one threshold,
// schemas/bimMatch.ts) and converts; a proposal with an error can never be chosen. A machine item also needs its
// 表C.0.1 row sure (the same machine at the same size) or picked by the user; an energy or machine item of the kind
// the building's 建造 method leaves out is never chosen (its rows would not be counted). Unchosen items are not
// imported (the import answer lists them).
import { CONFIRM_AT } from '../../../schemas/bimMatch';
import { formatNumber } from '../../calc/format';
import { sourcesText } from '../../../schemas/budget';
import type {
  BudgetBuildMethod,
  BudgetItemAnswer,
  BudgetMachineAnswer,
  BudgetMapping,
  BudgetSuggestionAnswer,
} from './budgetApi';
import { energyLabel } from './texts';

/** item key → the index of the chosen suggestion, or null (not imported) */
export type Choices = Record<string, number | null>;

/** Whether a proposal may be chosen at all: it converts the item's quantity to the factor's unit. */
export const choosable = (s: BudgetSuggestionAnswer) => !s.error;

/** Whether a proposal is chosen without the user: saved, or at least CONFIRM_AT sure — and choosable. */
export const isTrusted = (s: BudgetSuggestionAnswer) => choosable(s) && (s.saved || s.confidence >= CONFIRM_AT);

/** Whether the building's 建造 method leaves the item's kind out: energy items under 按施工机械…, 台班 under 按总能源用量. */
export const leftOut = (item: BudgetItemAnswer, method?: BudgetBuildMethod) =>
  !!method &&
  ((item.cls === 'machine' && method.value !== 'machine') || (item.cls === 'energy' && method.value !== 'energy'));

/** A machine item's 表C.0.1 row is sure (or picked by the user); other items have none to be sure of. */
const rowTrusted = (item: BudgetItemAnswer) =>
  item.cls !== 'machine' || (item.machine !== null && item.machine.confidence >= CONFIRM_AT);

const firstTrusted = (suggestions: readonly BudgetSuggestionAnswer[]) =>
  suggestions[0] && isTrusted(suggestions[0]) ? 0 : null;

/** The item's choice as the page opens. */
export function initialChoice(item: BudgetItemAnswer, method?: BudgetBuildMethod): number | null {
  return leftOut(item, method) || !rowTrusted(item) ? null : firstTrusted(item.suggestions);
}

export const initialChoices = (items: readonly BudgetItemAnswer[], method?: BudgetBuildMethod): Choices =>
  Object.fromEntries(items.map((i) => [i.key, initialChoice(i, method)]));

/**
 * The choice after the user picks `index` (null: none); a proposal with an error, or an item left out, is refused (the
 * choice stays).
 */
export function pick(
  choices: Choices,
  item: BudgetItemAnswer,
  index: number | null,
  method?: BudgetBuildMethod,
): Choices {
  if (index !== null && (leftOut(item, method) || !(item.suggestions[index] && choosable(item.suggestions[index]))))
    return choices;
  return { ...choices, [item.key]: index };
}

/** A row the user picked: the reason it is shown with. */
export const PICKED_BY_HAND = '手动选择';

/** item key → the 表C.0.1 row (lookupId) the user picked for a machine item */
export type MachinePicks = Record<string, number>;

/**
 * The items with the rows the user picked: that row shown, and the proposals of its energy. (The server answers the
 * matched row's energy once, as the item's suggestions; a shown item carries every energy's.)
 */
export function withMachines(
  items: readonly BudgetItemAnswer[],
  picks: MachinePicks,
  rows: ReadonlyMap<number, BudgetMachineAnswer>,
): BudgetItemAnswer[] {
  return items.map((i) => {
    const row = picks[i.key] === undefined ? undefined : rows.get(picks[i.key]);
    if (!row) return i;
    const byEnergy = i.machine
      ? { ...i.machineSuggestions, [i.machine.energy]: i.suggestions }
      : (i.machineSuggestions ?? {});
    return {
      ...i,
      machine: { ...row, confidence: 1, reasons: [PICKED_BY_HAND] },
      suggestions: byEnergy[row.energy] ?? [],
      machineSuggestions: byEnergy,
    };
  });
}

/**
 * An item's proposals for a row of `energy`: its own suggestions for its row's energy, else the server's for that
 * energy.
 */
const suggestionsFor = (item: BudgetItemAnswer, energy: string) =>
  item.machine?.energy === energy ? item.suggestions : (item.machineSuggestions?.[energy] ?? []);

/**
 * The user picks a row for a machine item (as shown): a factor chosen for the same energy stays, else the row's first
 * sure one.
 */
export function pickMachine(
  picks: MachinePicks,
  choices: Choices,
  item: BudgetItemAnswer,
  row: BudgetMachineAnswer,
  method?: BudgetBuildMethod,
): { picks: MachinePicks; choices: Choices } {
  const current = choices[item.key] ?? null;
  const keep = current !== null && item.machine?.energy === row.energy;
  const choice = leftOut(item, method) ? null : keep ? current : firstTrusted(suggestionsFor(item, row.energy));
  return { picks: { ...picks, [item.key]: row.lookupId }, choices: { ...choices, [item.key]: choice } };
}

/** '履带式单斗液压挖掘机 斗容量 1 m3（柴油 63.00 kg/台班）'. */
export const machineLabel = (m: BudgetMachineAnswer) =>
  `${m.name} ${m.spec}（${energyLabel(m.energy)} ${num(m.energyPerShift)} ${m.energyUnit}/台班）`.replace(
    /\s+（/,
    '（',
  );

/** Library factors picked by hand (each checked by the server) per item key: they follow the item's proposals. */
export type Picked = Record<string, BudgetSuggestionAnswer[]>;

/** The items with their hand-picked factors after their proposals. */
export const withPicked = (items: readonly BudgetItemAnswer[], picked: Picked): BudgetItemAnswer[] =>
  items.map((i) => (picked[i.key]?.length ? { ...i, suggestions: [...i.suggestions, ...picked[i.key]] } : i));

/** A factor the server checked for `item` (as shown, with its picks) becomes its choice: a proposal or an earlier
 * pick of the same factor is chosen again, anything else joins the item's picks. */
export function addPicked(
  picked: Picked,
  choices: Choices,
  item: BudgetItemAnswer,
  s: BudgetSuggestionAnswer,
): { picked: Picked; choices: Choices } {
  const at = item.suggestions.findIndex((x) => x.factorId === s.factorId && choosable(x));
  if (at >= 0) return { picked, choices: { ...choices, [item.key]: at } };
  return {
    picked: { ...picked, [item.key]: [...(picked[item.key] ?? []), s] },
    choices: { ...choices, [item.key]: item.suggestions.length },
  };
}

/** The chosen proposal of an item. */
export function chosen(choices: Choices, item: BudgetItemAnswer): BudgetSuggestionAnswer | null {
  const i = choices[item.key];
  return i === null || i === undefined ? null : (item.suggestions[i] ?? null);
}

/** What POST budgetBill/import maps: the chosen items, in the bill's order. */
export function importMappings(items: readonly BudgetItemAnswer[], choices: Choices): BudgetMapping[] {
  return items.flatMap((item) => {
    const s = chosen(choices, item);
    if (!s || !choosable(s)) return [];
    // a machine item names the row it was shown with: the import takes it rather than matching again
    return [
      item.cls === 'machine' && item.machine
        ? { key: item.key, factorId: s.factorId, machineId: item.machine.lookupId }
        : { key: item.key, factorId: s.factorId },
    ];
  });
}

/** '匹配度 92%'. */
export const confidenceText = (confidence: number) =>
  `匹配度 ${Math.round(Math.max(0, Math.min(1, confidence)) * 100)}%`;

/** Figures as the page shows them: 2 decimals, thousands separated. */
export const num = (v: number | null | undefined) => formatNumber(v ?? 0, 2, '0.00');

/** Where an item's lines are: `人材机汇总表 第14行、第26行` (one text with the server's). */
export const sourceText = sourcesText;

/**
 * The quantity a proposal imports: in the factor's unit; for a machine its shifts (the 附录C energy per shift beside
 * them).
 */
export function quantityText(item: BudgetItemAnswer, s: BudgetSuggestionAnswer): string {
  if (s.quantity === null) return '';
  if (item.cls === 'machine') {
    const m = item.machine;
    return m
      ? `${num(s.quantity)} 台班 × ${num(m.energyPerShift)} ${m.energyUnit}/台班 = ${num(s.quantity * m.energyPerShift)} ${m.energyUnit}`
      : `${num(s.quantity)} 台班`;
  }
  return `${num(s.quantity)} ${s.unit}`;
}
