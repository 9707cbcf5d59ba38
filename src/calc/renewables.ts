// How far on-site renewables may offset a building's operation: a rule of its own, kept out of the stage sum
// (src/calc/stage.ts) because it is a choice the standard leaves open, not arithmetic.
import { formatNumber } from './format';

/**
 * GB/T 51366 subtracts on-site renewable output from the energy it replaces but does not say what happens when
 * it exceeds the consumption. Choice: the renewables of a building offset at most its consumption — the
 * operation total never goes below zero — and the renewable parts are scaled down together, with a note.
 */
export function limitRenewables(parts: Record<string, number>, renewable: readonly string[], notes: string[]): void {
  const consumption = Object.entries(parts)
    .filter(([p]) => !renewable.includes(p))
    .reduce((a, [, v]) => a + v, 0);
  const offset = -Object.entries(parts)
    .filter(([p]) => renewable.includes(p))
    .reduce((a, [, v]) => a + v, 0);
  if (offset <= consumption || offset <= 0) return;
  const scale = Math.max(consumption, 0) / offset;
  for (const p of renewable) if (parts[p] !== undefined) parts[p] *= scale;
  notes.push(
    `可再生能源抵减量超过运行能耗，按运行能耗 ${formatNumber(Math.max(consumption, 0) / 1000)} tCO2e 计入抵减`,
  );
}
