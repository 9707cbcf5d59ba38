// What a row keeps of a factor picked from the library — shared by the server, which copies it on save
// (src/server/stages/factorCopy.ts), and the stage dialog, which shows the same before saving: the value in
// kgCO2e per row unit (a tCO2… factor × 1000), its unit, and its source with the mark of a value that is not
// verified. Baseline grid factors (CDM/CCER OM, BM) are not average-consumption factors: never for buildings.
export interface LibraryFactor {
  materialCo?: number | string | null;
  coUnit?: string | null;
  source?: string | null;
  verification?: string | null;
  spec?: string | null;
}

const MARKS: Record<string, string> = { M: '回忆值，待核实', D: '推导值', U: '来源未知' };

export const BASELINE_REFUSED = '基准线排放因子（OM/BM）用于减排项目，不适用于建筑碳排放计算';

export function normalizedFactor(f: LibraryFactor): { value: number | null; unit: string } {
  const raw = f.materialCo == null || f.materialCo === '' ? null : Number(f.materialCo);
  const unit = String(f.coUnit ?? '');
  if (raw !== null && /^tCO2/.test(unit)) return { value: raw * 1000, unit: `kg${unit.slice(1)}` };
  return { value: raw, unit };
}

export function factorSource(f: LibraryFactor): string {
  const mark = MARKS[String(f.verification)];
  return `${String(f.source ?? '')}${mark ? `（${mark}）` : ''}`.slice(0, 200);
}

export const isBaseline = (f: LibraryFactor) => /(^|_)(OM|BM)(_|$)/.test(String(f.spec ?? ''));

const given = (v: unknown) => v !== undefined && v !== null && v !== '';
/** The fill field `field` is named after (densitySource → density), the longest such. */
const companionOf = (fill: Readonly<Record<string, string>>, field: string) =>
  Object.keys(fill)
    .filter((f) => f !== field && field.startsWith(f))
    .sort((a, b) => b.length - a.length)[0];

/**
 * A fill's fields with the library field each comes from and its companion, worked out once per fill (a save fills
 * thousands of rows).
 */
const fillLists = new WeakMap<
  Readonly<Record<string, string>>,
  [field: string, from: string, companion: string | undefined][]
>();
function fillList(fill: Readonly<Record<string, string>>) {
  let list = fillLists.get(fill);
  if (!list)
    fillLists.set(fill, (list = Object.entries(fill).map(([field, from]) => [field, from, companionOf(fill, field)])));
  return list;
}

/**
 * The library fields a picked factor brings into a row (an x-factor keyword's `fill`) where the row leaves them empty.
 * A field named after another (densityUnit, densitySource after density) comes only with that value: the library's
 * unit or source never lands beside a density the user typed. Server (on save) and dialog (before) fill alike.
 */
export function fillFromFactor(
  fill: Readonly<Record<string, string>>,
  has: (field: string) => boolean,
  lib: Record<string, unknown>,
  body: Record<string, unknown>,
): void {
  const filled = new Set<string>();
  for (const [field, from, companion] of fillList(fill)) {
    if (!has(field) || given(body[field]) || !given(lib[from])) continue;
    if (companion && !filled.has(companion)) continue;
    body[field] = lib[from];
    filled.add(field);
  }
}
