// How much of a bill's 建材生产 the mapping opens with already chosen, for the pre-flight's
// `已自动匹配 N 项，占估算碳排放 x%`. Each material or equipment item is estimated by its best proposal that converts
// (the first, in the matcher's order, with a quantity in the factor's unit and a factor value): quantity × factor
// value, kgCO2e. An item no proposal converts (a unit no factor takes, a family the library lacks) has no estimate: it
// is counted as an item and among `unestimated`, and adds nothing to either sum — the share is of what the library
// can estimate, and the page says how many items that leaves out. The share is the estimates of the items whose
// first proposal opens chosen over all the estimates.
import { CONFIRM_AT } from '../../../schemas/bimMatch';
import type { BudgetCoverage, BudgetSuggestionAnswer } from '../../../schemas/budget';
import type { SuggestedItem } from './suggest';

/**
 * Whether a proposal opens chosen: the tenant's saved choice or at least CONFIRM_AT sure, and it converts — the
 * mapping page's rule (src/client/budget/selection.ts isTrusted), so the figure is what the page will import.
 */
export const preselected = (s: BudgetSuggestionAnswer): boolean => !s.error && (s.saved || s.confidence >= CONFIRM_AT);

/** kgCO2e a proposal would import, or null when it does not convert or has no factor value. */
const estimate = (s: BudgetSuggestionAnswer): number | null =>
  !s.error && s.quantity !== null && s.factorValue !== null ? s.quantity * s.factorValue : null;

export function materialCoverage(items: readonly SuggestedItem[]): BudgetCoverage {
  const out: BudgetCoverage = { matched: 0, total: 0, unestimated: 0, estimated: 0, matchedEstimated: 0, share: null };
  for (const item of items) {
    if (item.cls !== 'material' && item.cls !== 'equipment') continue;
    out.total++;
    const kg = item.suggestions.map(estimate).find((x) => x !== null) ?? null;
    if (kg === null) out.unestimated++;
    else out.estimated += kg;
    const first = item.suggestions[0];
    if (!first || !preselected(first)) continue;
    out.matched++;
    out.matchedEstimated += kg ?? 0;
  }
  out.share = out.estimated > 0 ? out.matchedEstimated / out.estimated : null;
  return out;
}
