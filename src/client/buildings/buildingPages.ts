// The routes of a building's pages that live in folders above this one — BIM import (bim/), budget-file import
// (budget/), 校审 (review/) and the decision tools (decide/) — so the pages below them (the building list's 更多, the
// result page) link there without importing those folders.

/** The BIM page of a building: `/bim?id=12`; without id, the building picker. */
export const bimRoute = (id?: number | string) => (id == null ? '/bim' : `/bim?id=${encodeURIComponent(String(id))}`);

/** The budget-file import page of a building: `/bill?id=12`; without id, the building picker. */
export const billRoute = (id?: number | string) =>
  id == null ? '/bill' : `/bill?id=${encodeURIComponent(String(id))}`;

/** The 校审 page of a building: `/review?id=12`; without id, 待我校审. */
export const reviewRoute = (id?: number | string | null) =>
  id == null ? '/review' : `/review?id=${encodeURIComponent(String(id))}`;

/** The decision page's tabs, by code (decide/texts.ts labels them). */
export type DecideTab = 'reference' | 'variants' | 'hotspots' | 'uncertainty' | 'phases';

/** `/decide?id=12&tab=variants`; without id, the building picker (keeping the tab). */
export function decideRoute(id?: number | string | null, tab?: DecideTab): string {
  const q = new URLSearchParams();
  if (id != null) q.set('id', String(id));
  if (tab) q.set('tab', tab);
  const s = q.toString();
  return s ? `/decide?${s}` : '/decide';
}
