// Transport mass (GB/T 51366 §6.3, M_i in tonnes) from a row's quantity unit: a mass unit converts by itself
// (t × 1, kg ÷ 1000); any other unit (m³, m², 块, 樘 …) needs the material's density in t per that unit. No
// density, no mass: the row is refused on save rather than guessed (issue 11 §1).

const TONNE = new Set(['t', 'T', '吨']);
const KILOGRAM = new Set(['kg', 'KG', 'Kg', '千克', '公斤']);

/** t per unit of the row's quantity, or NaN when it cannot be known. */
export function massPerUnit(unit: unknown, density: unknown): number {
  const u = String(unit ?? '').trim();
  if (TONNE.has(u)) return 1;
  if (KILOGRAM.has(u)) return 0.001;
  const d = density === null || density === undefined || density === '' ? NaN : Number(density);
  return Number.isFinite(d) && d > 0 ? d : NaN;
}

/** How the mass was found, in words (the trace). */
export function massRule(unit: unknown): string {
  const u = String(unit ?? '').trim();
  if (TONNE.has(u)) return '以吨计，质量 = 用量';
  if (KILOGRAM.has(u)) return '以千克计，质量 = 用量 ÷ 1000';
  return `质量 = 用量 × 密度(t/${u || '单位'})`;
}
