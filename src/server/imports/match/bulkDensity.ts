// Bulk densities (t/m³) for turning a model's volume into the mass a per-t or per-kg factor needs, when neither
// the model nor the factor row gives a density (quantities.ts `bulk`). From GB 50009-2012
// 附录A 表A, kN/m³ ÷ 10 = t/m³ and the upper bound of a range — the convention of
// src/server/db/seed/data/material_density.csv. ./bulkDensity.csv is read top to bottom: the first keyword the
// material's name contains decides, so specific words come before general ones (钢筋混凝土 before 混凝土 and 钢,
// 炼钢生铁's 生铁 before 钢). A keyword with no number (U) means no value can be supported: the answer is null
// and the user is asked for the density rather than given a wrong one.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { memoByText } from './memo';
import { applySynonyms, normaliseName } from './names';
import { classify, familyById } from './taxonomy';

export interface BulkDensityRow {
  keyword: string;
  /** t/m³; null for a U row */
  value: number | null;
  source: string;
  verification: 'V' | 'D' | 'U';
  note: string;
}

const FILE = 'bulkDensity.csv';

/** The table, checked: a U row has no number and says why, any other row has a positive number and a source. */
export function readBulkDensities(
  text = readFileSync(new URL(`./${FILE}`, import.meta.url), 'utf8'),
): BulkDensityRow[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  if (parsed.errors.length) throw new Error(`${FILE}: row ${parsed.errors[0].row ?? '?'}: ${parsed.errors[0].message}`);
  const seen = new Set<string>();
  return parsed.data.map((r) => {
    const keyword = (r.keyword ?? '').trim();
    const raw = (r.t_per_m3 ?? '').trim();
    const value = raw === '' ? null : Number(raw);
    const source = (r.source ?? '').trim();
    const verification = (r.verification ?? '').trim();
    const note = (r.note ?? '').trim();
    const ok =
      keyword &&
      !seen.has(keyword) &&
      (verification === 'U'
        ? value === null && note
        : (verification === 'V' || verification === 'D') && value !== null && value > 0 && value < 25 && source);
    if (!ok)
      throw new Error(
        `${FILE} ${keyword || '(空)'}: a U row has no number and a note; a V or D row a number in t/m³ and a source; keywords once`,
      );
    seen.add(keyword);
    return { keyword, value, source, verification, note } as BulkDensityRow;
  });
}

let rows: BulkDensityRow[] | null = null;

const find = memoByText((text: string): BulkDensityRow | undefined => {
  if (!text) return undefined;
  // the name as written and in the library's words (钢筋砼 → 钢筋混凝土, Steel → 钢)
  const hay = `${text.normalize('NFKC').toLowerCase()} ${applySynonyms(normaliseName(text))}`;
  return (rows ??= readBulkDensities()).find((r) => hay.includes(r.keyword));
});

/** The density for a library material: the first keyword its name contains, else its group (小类). */
export function bulkDensityFor(candidate: {
  name: string;
  group?: string | null;
}): { value: number; source: string } | null {
  const row = find(candidate.name) ?? find(candidate.group ?? '');
  return row && row.value !== null ? { value: row.value, source: row.source } : null;
}

/**
 * A family's default density (./familyDensity.csv): offered where a material has only a volume and neither the
 * model nor the factor gives a density — never applied by itself: the user confirms or edits it (the family's
 * products differ: a hollow block is half a solid one).
 */
export interface FamilyDensity {
  family: string;
  /** t/m³ */
  value: number;
  source: string;
  verification: 'V' | 'D' | 'M';
  note: string;
}

const FAMILY_FILE = 'familyDensity.csv';

/**
 * The table, checked: every family of the taxonomy once, a positive t/m³, a source, a mark V, D or M (M with a note).
 */
export function readFamilyDensities(
  text = readFileSync(new URL(`./${FAMILY_FILE}`, import.meta.url), 'utf8'),
): FamilyDensity[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  if (parsed.errors.length)
    throw new Error(`${FAMILY_FILE}: row ${parsed.errors[0].row ?? '?'}: ${parsed.errors[0].message}`);
  const seen = new Set<string>();
  return parsed.data.map((r) => {
    const family = (r.family ?? '').trim();
    const value = Number((r.t_per_m3 ?? '').trim());
    const source = (r.source ?? '').trim();
    const verification = (r.verification ?? '').trim();
    const note = (r.note ?? '').trim();
    const ok =
      familyById(family) &&
      !seen.has(family) &&
      value > 0 &&
      value < 25 &&
      source &&
      ['V', 'D', 'M'].includes(verification) &&
      (verification !== 'M' || note);
    if (!ok)
      throw new Error(
        `${FAMILY_FILE} ${family || '(空)'}: a taxonomy family once, a number in t/m³, a source and a mark V, D or M (M with a note)`,
      );
    seen.add(family);
    return { family, value, source, verification, note } as FamilyDensity;
  });
}

let families: Map<string, FamilyDensity> | null = null;

/** The default density of a material name's family (null: its family has none, or the name none). */
export function familyDensityFor(materialName: string): (FamilyDensity & { label: string }) | null {
  const f = classify(materialName);
  const d = f && (families ??= new Map(readFamilyDensities().map((x) => [x.family, x]))).get(f.id);
  return d ? { ...d, label: f.label } : null;
}
