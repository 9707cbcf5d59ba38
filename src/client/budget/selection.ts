// The mapping's rules (issue 26 §4), apart from the components so they are tested alone: each bill item has at most
// one chosen proposal, by its index among the item's suggestions. An item opens with its first proposal chosen only
// when that proposal is the tenant's saved choice or at least CONFIRM_AT sure (the BIM matcher's one threshold,
// schemas/bimMatch.ts) and converts; a proposal with an error can never be chosen. Unchosen items are not imported
// (the import answer lists them).
import { CONFIRM_AT } from '../../../schemas/bimMatch';
import { formatNumber } from '../../calc/format';
import { sourcesText } from '../../../schemas/budget';
import type { BudgetItemAnswer, BudgetMapping, BudgetSuggestionAnswer } from './budgetApi';

/** item key → the index of the chosen suggestion, or null (not imported) */
export type Choices = Record<string, number | null>;

/** Whether a proposal may be chosen at all: it converts the item's quantity to the factor's unit. */
export const choosable = (s: BudgetSuggestionAnswer) => !s.error;

/** Whether a proposal is chosen without the user: saved, or at least CONFIRM_AT sure — and choosable. */
export const isTrusted = (s: BudgetSuggestionAnswer) => choosable(s) && (s.saved || s.confidence >= CONFIRM_AT);

/** The item's choice as the page opens. */
export function initialChoice(item: BudgetItemAnswer): number | null {
  const first = item.suggestions[0];
  return first && isTrusted(first) ? 0 : null;
}

export const initialChoices = (items: readonly BudgetItemAnswer[]): Choices => Object.fromEntries(items.map((i) => [i.key, initialChoice(i)]));

/** The choice after the user picks `index` (null: none); a proposal with an error is refused (the choice stays). */
export function pick(choices: Choices, item: BudgetItemAnswer, index: number | null): Choices {
  if (index !== null && !(item.suggestions[index] && choosable(item.suggestions[index]))) return choices;
  return { ...choices, [item.key]: index };
}

/** Library factors picked by hand (each checked by the server) per item key: they follow the item's proposals. */
export type Picked = Record<string, BudgetSuggestionAnswer[]>;

/** The items with their hand-picked factors after their proposals. */
export const withPicked = (items: readonly BudgetItemAnswer[], picked: Picked): BudgetItemAnswer[] =>
  items.map((i) => (picked[i.key]?.length ? { ...i, suggestions: [...i.suggestions, ...picked[i.key]] } : i));

/** A factor the server checked for `item` (as shown, with its picks) becomes its choice: a proposal or an earlier
 * pick of the same factor is chosen again, anything else joins the item's picks. */
export function addPicked(picked: Picked, choices: Choices, item: BudgetItemAnswer, s: BudgetSuggestionAnswer): { picked: Picked; choices: Choices } {
  const at = item.suggestions.findIndex((x) => x.factorId === s.factorId && choosable(x));
  if (at >= 0) return { picked, choices: { ...choices, [item.key]: at } };
  return { picked: { ...picked, [item.key]: [...(picked[item.key] ?? []), s] }, choices: { ...choices, [item.key]: item.suggestions.length } };
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
    return s && choosable(s) ? [{ key: item.key, factorId: s.factorId }] : [];
  });
}

/** '匹配度 92%'. */
export const confidenceText = (confidence: number) => `匹配度 ${Math.round(Math.max(0, Math.min(1, confidence)) * 100)}%`;

/** Figures as the page shows them: 2 decimals, thousands separated. */
export const num = (v: number | null | undefined) => formatNumber(v ?? 0, 2, '0.00');

/** Where an item's lines are: `人材机汇总表 第14行、第26行` (one text with the server's). */
export const sourceText = sourcesText;

/** The quantity a proposal imports: in the factor's unit; for a machine its shifts (the 附录C energy per shift beside them). */
export function quantityText(item: BudgetItemAnswer, s: BudgetSuggestionAnswer): string {
  if (s.quantity === null) return '';
  if (item.cls === 'machine') {
    const m = item.machine;
    return m ? `${num(s.quantity)} 台班 × ${num(m.energyPerShift)} ${m.energyUnit}/台班 = ${num(s.quantity * m.energyPerShift)} ${m.energyUnit}` : `${num(s.quantity)} 台班`;
  }
  return `${num(s.quantity)} ${s.unit}`;
}
