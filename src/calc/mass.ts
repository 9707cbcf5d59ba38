// Transport mass (GB/T 51366 §6.3, M_i in tonnes) from a row's quantity unit: a mass unit converts by itself
// (t × 1, kg ÷ 1000); any other unit (m³, m², 块, 樘 …) through the material's density — per the unit it was given
// for — and, for pieces and sheets, their size. No way to a mass, no mass: the row is refused on save, never guessed.
import { isMass } from './bridges';
import { shortNumber as num } from './format';
import { converted, convertToFactor, isPositive, normalizeUnit, parseUnit, type Conversion } from './units';

const PER_TONNE = 'kgCO2e/t';

/** t per unit of the row's quantity, or NaN when it cannot be known. */
export function massPerUnit(unit: unknown, density: unknown, densityUnit?: unknown, pieceSize?: unknown): number {
  const c = massConversion(unit, density, densityUnit, pieceSize);
  return c.ok ? c.value : NaN;
}

/** One of the row's unit in tonnes, with its steps; a unit no table knows takes a density typed per itself. */
export function massConversion(
  unit: unknown,
  density: unknown,
  densityUnit?: unknown,
  pieceSize?: unknown,
): Conversion {
  const u = normalizeUnit(unit);
  if (
    u &&
    !parseUnit(u) &&
    isPositive(density) &&
    (!normalizeUnit(densityUnit) || [u, `t/${u}`].includes(normalizeUnit(densityUnit)))
  ) {
    return converted(Number(density), () => [
      `1 ${u} × 密度 ${num(Number(density))} t/${u} = ${num(Number(density))} t`,
    ]);
  }
  const c = convertToFactor(1, unit, PER_TONNE, { density, densityUnit, pieceSize });
  return c.ok
    ? c
    : {
        ...c,
        message: c.message
          .replace(`与排放因子单位「${PER_TONNE}」不一致，且`, '无法换算为质量(t)：')
          .replace(`与排放因子单位「${PER_TONNE}」不一致，`, '无法换算为质量(t)，'),
      };
}

/** How the mass of one unit was found, in words (the trace). */
export function massRule(unit: unknown, density?: unknown, densityUnit?: unknown, pieceSize?: unknown): string {
  const u = parseUnit(unit);
  if (u && isMass(u.dims))
    return u.scale === 1000
      ? '以吨计，质量 = 用量'
      : u.scale === 1
        ? '以千克计，质量 = 用量 ÷ 1000'
        : `以${u.text}计，质量 = 用量 × ${num(u.scale / 1000)}`;
  const c = massConversion(unit, density, densityUnit, pieceSize);
  return c.ok ? `每${String(unit ?? '').trim() || '单位'}：${c.steps.join('，')}` : c.message;
}
