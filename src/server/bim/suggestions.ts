// Each IFC material's proposed library materials (issue 12 §4): the tenant's confirmed mapping first (已保存),
// then the name matcher's best (match/suggest.ts) — every one with the quantity it would import in the
// factor's unit, or why the unit cannot take the material's quantities. With them the material's family (issue 22
// §5) and, when the matcher has nothing to offer for a known family, why (因子库暂无「…」类材料的因子).
import type { BimMaterial, BimSuggestion } from '../../../schemas/bim';
import type { LibraryMaterial } from './library';
import { type Candidate, match, prepare } from './match/suggest';
import type { MaterialTotal } from './model';
import { BASIS_TEXT, quantityFor } from './quantities';
import { mappingKey } from './store';

/** The quantity a factor would take from the material, in the answer's words. */
export function fitOf(m: MaterialTotal, f: LibraryMaterial): { quantity: number; basis: string; error: null } | { quantity: null; basis: null; error: string } {
  const fit = quantityFor(m, f.unit, f.bulk);
  return 'error' in fit ? { quantity: null, basis: null, error: fit.error } : { quantity: fit.quantity, basis: BASIS_TEXT[fit.basis], error: null };
}

/** What the matcher adds to a material (the rest of schemas/bim.ts BimMaterial). */
export type MaterialMatch = Pick<BimMaterial, 'family' | 'matchNote' | 'suggestions'>;

export function suggestionsFor(materials: MaterialTotal[], library: Map<number, LibraryMaterial>, saved: Map<string, number>): (MaterialTotal & MaterialMatch)[] {
  const candidates: Candidate[] = [...library.values()].map((f) => ({ id: f.id, name: f.name, unit: f.unit, group: f.group, spec: f.spec }));
  const prepared = prepare(candidates);
  const answer = (m: MaterialTotal, f: LibraryMaterial, confidence: number, reasons: string[], isSaved: boolean): BimSuggestion => ({
    factorId: f.id, name: f.name, label: f.label, unit: f.unit, factorValue: f.factorValue, coUnit: f.coUnit, confidence, reasons, saved: isSaved, ...fitOf(m, f),
  });
  return materials.map((m) => {
    const out: BimSuggestion[] = [];
    const savedId = saved.get(mappingKey(m.name));
    const savedFactor = savedId === undefined ? undefined : library.get(savedId);
    if (savedFactor) out.push(answer(m, savedFactor, 1, ['本单位已确认的映射'], true));
    const fits = (c: Candidate) => {
      const e = fitOf(m, library.get(c.id)!).error;
      return e ? `因子单位 ${c.unit}` : true;
    };
    const found = match(m.name, fits, prepared, 3);
    for (const s of found.suggestions) {
      if (s.factorId !== savedId) out.push(answer(m, library.get(s.factorId)!, s.confidence, s.reasons, false));
    }
    const { globalIds, ...rest } = m;
    void globalIds; // (thousands of ids stay on the server)
    return { ...rest, globalIds: [], family: found.family?.label ?? null, matchNote: out.length ? null : found.note, suggestions: out.slice(0, 4) };
  });
}
