// Unit text as EPD files write it ('m³', 'm^3', 'cubic meter', '1.0 kg', '2400 kg / m^3', 'kg/m^2') turned into the
// few units the factor library keeps: kg, t, m3, m2, m and 个 (pieces). Imperial units of EC3 records become SI.
export type EpdUnit = 'kg' | 't' | 'm3' | 'm2' | 'm' | '个';

const SI: [RegExp, EpdUnit][] = [
  [/^(m3|m³|m\^3|m\*\*3|cbm|cu\.? ?m|cubic ?met(er|re)s?|立方米|方)$/, 'm3'],
  [/^(m2|m²|m\^2|m\*\*2|qm|sqm|sq\.? ?m|square ?met(er|re)s?|平方米|平米)$/, 'm2'],
  [/^(m|lfm|lfdm|lm|met(er|re)s?|running met(er|re)s?|米|延米)$/, 'm'],
  [/^(kg|kgs|kilo|kilograms?|kilogrammes?|千克|公斤)$/, 'kg'],
  [/^(t|tonnes?|metric ?tons?|吨)$/, 't'],
  [/^(pcs?|pieces?|items?|item\(s\)|units?|ea|each|stk|stück|stueck|number|个|件|块|套|台|根)$/, '个'],
];

/** Other units met in EPDs, as a multiple of an SI unit above. */
const SCALED: [RegExp, EpdUnit, number][] = [
  [/^(mm|millimet(er|re)s?)$/, 'm', 0.001],
  [/^(cm|centimet(er|re)s?)$/, 'm', 0.01],
  [/^(in|inch|inches)$/, 'm', 0.0254],
  [/^(ft|feet|foot|lf|linear ?f(ee)?t)$/, 'm', 0.3048],
  [/^(ft2|ft²|ft\^2|sf|sq\.? ?ft|square ?f(ee|oo)t)$/, 'm2', 0.09290304],
  [/^(msf|1000 ?sf)$/, 'm2', 92.90304],
  [/^(ft3|ft³|ft\^3|cf|cu\.? ?ft|cubic ?f(ee|oo)t)$/, 'm3', 0.028316846592],
  [/^(yd3|yd³|yd\^3|cy|cu\.? ?yd|cubic ?yards?)$/, 'm3', 0.764554857984],
  [/^(l|liters?|litres?)$/, 'm3', 0.001],
  [/^(g|grams?)$/, 'kg', 0.001],
  [/^(lb|lbs|pounds?)$/, 'kg', 0.45359237],
  [/^(short ?tons?|tons?|us ?tons?)$/, 'kg', 907.18474],
];

const clean = (text: string): string => text.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');

/** A unit as one of the library's, with the factor that turns an amount in it into that unit. */
export function unitOf(text: string | null | undefined): { unit: EpdUnit; factor: number } | null {
  if (!text) return null;
  const u = clean(text);
  for (const [re, unit] of SI) if (re.test(u)) return { unit, factor: 1 };
  for (const [re, unit, factor] of SCALED) if (re.test(u)) return { unit, factor };
  return null;
}

/** A number written as text or as a number ('146.75', '1,5', '2,400', 4.35E-4); null when it is none. */
export function numberOf(x: unknown): number | null {
  if (typeof x === 'number') return Number.isFinite(x) ? x : null;
  if (typeof x !== 'string') return null;
  let t = x.trim().replace(/\s/g, '');
  if (/^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replace(/,/g, '');
  else if (/^[-+]?\d+,\d+$/.test(t)) t = t.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** A quantity written as '328 kgCO2e', '1 m3', {qty: 1, unit: 'm3'}, {amount, unit} or a bare number. */
export function quantityOf(x: unknown): { value: number; unit: string | null } | null {
  if (typeof x === 'number') return Number.isFinite(x) ? { value: x, unit: null } : null;
  if (x && typeof x === 'object' && !Array.isArray(x)) {
    const o = x as Record<string, unknown>;
    const value = numberOf(o.qty ?? o.amount ?? o.value ?? o.mean);
    return value === null ? null : { value, unit: typeof o.unit === 'string' ? o.unit.trim() : null };
  }
  if (typeof x !== 'string') return null;
  const m = /^\s*([-+]?[\d.,]+(?:[eE][-+]?\d+)?)\s*(.*?)\s*$/.exec(x);
  const value = m ? numberOf(m[1]) : null;
  return value === null ? null : { value, unit: m![2] || null };
}

/** Rounds away the binary noise of a product or sum (1 × 0.721, 158.77 + 10.82 + 9.54). */
export const tidy = (n: number): number => Number(n.toPrecision(15));

/** An amount in a unit of its kind (kg for mass, m for length …), or null when the unit is of another kind. */
export function inUnit(value: number, unitText: string | null, want: EpdUnit, assumed: boolean): number | null {
  if (!unitText) return assumed ? value : null;
  const u = unitOf(unitText);
  if (!u) return null;
  if (u.unit === want) return tidy(value * u.factor);
  if (want === 'kg' && u.unit === 't') return tidy(value * 1000);
  return null;
}

/** A density in kg/m³ from '2400 kg / m^3', 'kg/m^3', 't/m3', 'lb/ft3', 'g/cm3'; null for another kind of unit. */
export function densityOf(value: number, unitText: string | null): number | null {
  if (!unitText || /^-?$/.test(unitText.trim())) return value;
  const [num, den] = unitText.split('/').map((s) => s.trim());
  if (!num || !den) return null;
  const mass = unitOf(num);
  const volume = den === 'cm3' || den === 'cm³' ? { unit: 'm3', factor: 1e-6 } : unitOf(den);
  if (!mass || !volume || volume.unit !== 'm3') return null;
  const kg = mass.unit === 't' ? 1000 : mass.unit === 'kg' ? mass.factor : null;
  return kg === null ? null : tidy((value * kg) / volume.factor);
}
