// The physical bounds of every number a stage row takes, apart so that any field module can state its range.

/**
 * Physical bounds of the stage inputs: every number a row takes states its range here or beside it,
 * so ajv refuses the same values on the API, in the form and in the Excel import, and the refusal names the
 * field and the range (schemas/bounds.ts). Upper bounds are generous but finite — far above any building, low
 * enough that a typo of several orders of magnitude is caught:
 * - quantity: a quantity or annual quantity in its own unit ≤ 1e10 (10 Mt in kg, 10 TWh in kWh — orders of
 *   magnitude above the largest building);
 * - factor: a factor ≤ 1e6 kgCO2e per row unit — the largest seeded value is 110 880 kgCO2/TJ (型煤 110.88 tCO2/TJ
 *   × 1000, GB/T 51366 附录A), the largest material 28 500 kgCO2e/t (铝板带);
 * - area: an area ≤ 1e8 m² (100 km²); intensity: a quantity per m² and year ≤ 1e5 (36 000 MJ ≈ a data centre's
 *   10 000 kWh/(m²·a));
 * - density: > 0 (a density of 0 would make the mass 0 silently) and ≤ 1e4 t per unit (a 台 of heavy equipment;
 *   steel is 7.85 t/m³);
 * - perShift: energy per machine shift ≤ 1e5 (App. C's largest is 403.2 kWh per shift);
 * - distances ≤ 100 000 km; hours ≤ 8 760 a year, days ≤ 366 (runtime.ts).
 */
export const LIMITS = {
  quantity: 1e10,
  factor: 1e6,
  area: 1e8,
  intensity: 1e5,
  density: 1e4,
  perShift: 1e5,
  distance: 100000,
} as const;
