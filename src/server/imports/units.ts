// What a library factor's unit measures, for every import source: a per-m³ factor takes a volume, a per-m² one an
// area, a per-t or per-kg one a mass, a per-piece one a count. A source's quantity is then read in that kind.
export type UnitKind = 'volume' | 'area' | 'mass' | 'count';

/** Factor units as written in the library and by users, by what they measure; the factor for 1 kg is 1/1000 t. */
const UNIT_KINDS: [RegExp, UnitKind, number][] = [
  [/^(m3|m³|立方米|方)$/i, 'volume', 1],
  [/^(m2|m²|平方米|平米)$/i, 'area', 1],
  [/^(t|吨)$/i, 'mass', 1],
  [/^(kg|千克|公斤)$/i, 'mass', 1000],
  [/^(个|件|套|樘|扇|根|块|台|组|只|副)$/, 'count', 1],
];

export function unitKind(unit: string): { kind: UnitKind; perTonne: number } | null {
  const u = unit.trim().replace(/^.*\//, ''); // (a factor unit such as kgCO2e/m3 → m3)
  for (const [re, kind, perTonne] of UNIT_KINDS) if (re.test(u)) return { kind, perTonne };
  return null;
}

/** A density (t/m³) confirmed or found for a material, with where it came from. */
export interface Density {
  value: number;
  source: string;
}
