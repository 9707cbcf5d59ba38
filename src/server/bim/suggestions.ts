// Each IFC material's proposed library materials: the tenant's confirmed mapping first (已保存),
// then the name matcher's best (match/suggest.ts) — every one with the quantity it would import in the
// factor's unit, or why the unit cannot take the material's quantities. With them the material's family
// and, when the matcher has nothing to offer for a known family, why (因子库暂无「…」类材料的因子); the
// family's default density, offered where a per-mass factor needs one the model and the factor lack. A density
// confirmed with the tenant's mapping of the material is offered again (已保存) on every proposal that needs one.
import type { BimMaterial, BimSuggestion, SavedDensity } from '../../../schemas/bim';
import type { LibraryMaterial } from '../imports/library';
import { familyDensityFor } from '../imports/match/bulkDensity';
import { type Candidate, match, prepare } from '../imports/match/suggest';
import type { MaterialTotal } from './model';
import { BASIS_TEXT, quantityFor } from './quantities';
import type { Density } from '../imports/units';
import { mappingKey, type SavedChoice } from '../imports/mappings';

type FitAnswer =
  | { quantity: number; basis: string; error: null; density?: SavedDensity }
  | { quantity: null; basis: null; error: string; needsDensity?: boolean };

/**
 * The quantity a factor would take from the material, in the answer's words; `density` the one the user confirmed,
 * else `saved` — the one confirmed with the tenant's mapping, named in the answer when the quantity used it.
 */
export function fitOf(
  m: MaterialTotal,
  f: LibraryMaterial,
  density?: Density | null,
  saved?: Density | null,
): FitAnswer {
  const reused = density ? null : savedFor(m, saved);
  const fit = quantityFor(m, f.unit, bulkFor(m.name, f), density ?? reused);
  if ('error' in fit)
    return { quantity: null, basis: null, error: fit.error, ...(fit.needsDensity ? { needsDensity: true } : {}) };
  const used =
    reused && fit.basis === 'volumeByDensity'
      ? { density: { value: reused.value, source: reused.source, saved: true as const } }
      : {};
  return { quantity: fit.quantity, basis: BASIS_TEXT[fit.basis], error: null, ...used };
}

/** A saved density applies to a material without its own (the model's declared density wins). */
const savedFor = (m: Pick<MaterialTotal, 'density'>, saved: Density | null | undefined) =>
  saved && !m.density ? saved : null;

/**
 * The density a mapping imports with: the one it sends, else the one saved with the tenant's mapping of the
 * material — its source kept when the sent value is the saved one (the page sends back what it was offered).
 */
export function mappingDensity(
  materialName: string,
  value: number | undefined,
  saved: Density | null | undefined,
): Density | null {
  if (saved && (value === undefined || Math.abs(value - saved.value) < 1e-9)) return saved;
  return confirmedDensity(materialName, value);
}

/**
 * The factor's bulk density for the material's volume, unless the material's own family is known to weigh
 * otherwise (over 10 % apart: Leichtbeton on a precast-concrete factor, glass wool on rock wool's) — then a density
 * is asked for, the family's default offered.
 */
export function bulkFor(materialName: string, f: Pick<LibraryMaterial, 'bulk'>): Density | null {
  const own = familyDensityFor(materialName);
  if (!f.bulk || !own) return f.bulk;
  return Math.abs(own.value - f.bulk.value) <= 0.1 * f.bulk.value ? f.bulk : null;
}

/**
 * The density (t/m³) the user confirmed for a material's mapping, with where it came from: the family's default
 * when it is that value (its source, 默认值 and its mark, confirmed by the user), else the user's own.
 */
export function confirmedDensity(materialName: string, value: number | undefined): Density | null {
  if (value === undefined) return null;
  const d = familyDensityFor(materialName);
  return d && Math.abs(d.value - value) < 1e-9
    ? { value, source: `${d.source}（${d.label}默认值，${d.verification}，用户已确认）` }
    : { value, source: '用户填写' };
}

/** What the matcher adds to a material (the rest of schemas/bim.ts BimMaterial). */
export type MaterialMatch = Pick<BimMaterial, 'family' | 'matchNote' | 'suggestions' | 'densityDefault'>;

export function suggestionsFor(
  materials: MaterialTotal[],
  library: Map<number, LibraryMaterial>,
  saved: Map<string, SavedChoice>,
): (MaterialTotal & MaterialMatch)[] {
  const candidates: Candidate[] = [...library.values()].map((f) => ({
    id: f.id,
    name: f.name,
    unit: f.unit,
    group: f.group,
    spec: f.spec,
    source: f.source,
  }));
  const prepared = prepare(candidates);
  const answer = (
    m: MaterialTotal,
    f: LibraryMaterial,
    confidence: number,
    reasons: string[],
    isSaved: boolean,
    density: Density | null,
  ): BimSuggestion => ({
    factorId: f.id,
    name: f.name,
    label: f.label,
    unit: f.unit,
    factorValue: f.factorValue,
    coUnit: f.coUnit,
    confidence,
    reasons,
    saved: isSaved,
    ...fitOf(m, f, null, density),
  });
  return materials.map((m) => {
    const out: BimSuggestion[] = [];
    const choice = saved.get(mappingKey(m.name));
    const savedId = choice?.factorId;
    const density = choice?.density ?? null;
    const savedFactor = savedId === undefined ? undefined : library.get(savedId);
    if (savedFactor) out.push(answer(m, savedFactor, 1, ['本单位已确认的映射'], true, density));
    // (a factor that only lacks a density fits: the density is asked for in place, the family's default offered)
    const fits = (c: Candidate) => {
      const fit = fitOf(m, library.get(c.id)!, null, density);
      return !fit.error || !!fit.needsDensity || `因子单位 ${c.unit}`;
    };
    const found = match(m.name, fits, prepared, 3);
    for (const s of found.suggestions) {
      if (s.factorId !== savedId)
        out.push(answer(m, library.get(s.factorId)!, s.confidence, s.reasons, false, density));
    }
    const { globalIds, ...rest } = m;
    void globalIds; // (thousands of ids stay on the server)
    const d = familyDensityFor(m.name);
    const densityDefault = d && {
      value: d.value,
      source: d.source,
      verification: d.verification,
      note: d.note,
      label: d.label,
    };
    return {
      ...rest,
      globalIds: [],
      family: found.family?.label ?? null,
      matchNote: out.length ? null : found.note,
      suggestions: out.slice(0, 4),
      densityDefault,
    };
  });
}
