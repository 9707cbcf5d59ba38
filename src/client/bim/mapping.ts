// The mapping table's rules, kept apart from the components so they are tested alone: one row per
// IFC material, its chosen factor, the quantity that factor takes (from the suggestion, or from POST
// bim/{jobId}/check after another pick) and whether the row is confirmed. A row opens with its first suggestion
// chosen and confirmed only when that suggestion is a saved mapping or at least CONFIRM_AT sure (the
// one threshold of the matcher, schemas/bimMatch.ts); a weaker suggestion is offered in the picker but not chosen.
// A pick by the user confirms the row once the server accepts the quantity. Only confirmed rows without an error
// are sent to the import; the others are skipped (the import answer lists them). A material of a known family comes
// with its family's best proposal chosen but unconfirmed (unticked) below that threshold, so no row of a known
// family is left empty. A factor that needs a density the model lacks asks for it in the row (needsDensity), the
// family's default offered (BimMaterial.densityDefault); the density the user confirms goes with the mapping. A
// density saved with the tenant's mapping of the material comes with the proposal (已保存, its source) and is used
// unless the user changes it (withDensityEdit asks again, the saved value prefilled).
import { CONFIRM_AT } from '../../../schemas/bimMatch';
import type { Factor } from '../stages/stageApi';
import { factorLabel } from '../stages/factor';
import type { BimMaterial, BimSuggestion, CheckAnswer, ImportMapping } from './bimApi';

/** An option of the factor picker: a suggestion of the server or a factor found in the library. */
export interface MapChoice {
  factorId: number;
  label: string;
  unit: string | null;
  suggestion?: BimSuggestion;
  factor?: Factor;
}

export interface MappingRow {
  material: BimMaterial;
  choice: MapChoice | null;
  /** in the factor's unit */
  quantity: number | null;
  unit: string | null;
  basis: string | null;
  /** why the chosen factor cannot take the quantity (red under the row) */
  error: string | null;
  /** the server is checking the pick */
  checking: boolean;
  confirmed: boolean;
  /** why the chosen factor needs a density (asked for in the row), else null */
  needsDensity: string | null;
  /** t/m³ the user confirmed for this material (sent with the mapping), else null */
  density: number | null;
  /** where `density` came from when it was saved with an earlier import (已保存), else absent or null */
  densitySource?: string | null;
}

export const suggestionChoice = (s: BimSuggestion): MapChoice => ({
  factorId: s.factorId,
  label: s.label || s.name,
  unit: s.unit,
  suggestion: s,
});

export const factorChoice = (f: Factor): MapChoice => ({
  factorId: f.id,
  label: factorLabel(f),
  unit: f.unit ?? null,
  factor: f,
});

/** Whether a suggestion is trusted without the user: a saved mapping, or confidence ≥ CONFIRM_AT. */
export const isTrusted = (s: BimSuggestion) => s.saved || s.confidence >= CONFIRM_AT;

/** '匹配度 92%'. */
export const confidenceText = (confidence: number) =>
  `匹配度 ${Math.round(Math.max(0, Math.min(1, confidence)) * 100)}%`;

const EMPTY = {
  choice: null,
  quantity: null,
  unit: null,
  basis: null,
  error: null,
  checking: false,
  confirmed: false,
  needsDensity: null,
  density: null,
  densitySource: null,
} as const;

/** A suggestion's quantity, unit and basis on the row; a missing density is asked for, not an error. */
const fromSuggestion = (s: BimSuggestion) => ({
  quantity: s.quantity,
  unit: s.unit,
  basis: s.basis,
  error: s.needsDensity ? null : s.error,
  needsDensity: s.needsDensity ? s.error : null,
  density: s.density?.value ?? null,
  densitySource: s.density?.source ?? null,
  checking: false,
});

/**
 * The row as the page opens: the first suggestion chosen — confirmed when trusted and its quantity fits; chosen
 * unconfirmed when the material's family is known (the family's proposal, for the user to tick) — else none.
 */
export function initialRow(material: BimMaterial): MappingRow {
  const first = material.suggestions[0];
  if (!first || !(isTrusted(first) || material.family)) return { material, ...EMPTY };
  return {
    material,
    choice: suggestionChoice(first),
    ...fromSuggestion(first),
    confirmed: isTrusted(first) && !first.error,
  };
}

export const initialRows = (materials: readonly BimMaterial[]) => materials.map(initialRow);

/**
 * Whether the row may be confirmed: a factor chosen, its quantity known and accepted (a density given where needed).
 */
export const canConfirm = (row: MappingRow) => !!row.choice && !row.error && !row.checking && !row.needsDensity;

/** Whether a pick needs the server's check (a library factor, or a suggestion without its quantity). */
export const needsCheck = (choice: MapChoice) =>
  !choice.suggestion || (choice.suggestion.quantity === null && !choice.suggestion.error);

/**
 * The row after the user picks a factor (null: cleared). A suggestion carries its quantity and is confirmed at
 * once (the user chose it); another factor waits for the check (`checking`) and is confirmed by withCheck.
 */
export function withChoice(row: MappingRow, choice: MapChoice | null): MappingRow {
  if (!choice) return { ...row, ...EMPTY };
  // the same factor picked among the found ones is still the suggestion (its quantity and marks)
  const suggested = choice.suggestion ?? row.material.suggestions.find((s) => s.factorId === choice.factorId);
  const picked = suggested ? suggestionChoice(suggested) : choice;
  if (needsCheck(picked)) return { ...row, ...EMPTY, choice: picked, unit: picked.unit, checking: true };
  const s = picked.suggestion!;
  return { ...row, choice: picked, ...fromSuggestion(s), confirmed: !s.error };
}

/** The row once the user confirms a density for its factor: checked again by the server with it (withCheck). */
export function withDensity(row: MappingRow, density: number): MappingRow {
  return {
    ...row,
    density,
    densitySource: null,
    needsDensity: null,
    quantity: null,
    basis: null,
    error: null,
    checking: true,
    confirmed: false,
  };
}

/** The row when the user changes its density: asked for again, the current one prefilled (row.density). */
export function withDensityEdit(row: MappingRow): MappingRow {
  if (row.density === null) return row;
  return { ...row, needsDensity: `请确认或修改「${row.material.name}」的密度(t/m³)`, confirmed: false };
}

/** A typed density: a number over 0 and up to 25 t/m³ (osmium is 22.6), else the rule it breaks. */
export function densityProblem(text: string): string | null {
  const v = Number(text.trim());
  if (!text.trim() || !Number.isFinite(v)) return '密度(t/m³)应为数字';
  if (v <= 0) return '密度(t/m³)应大于 0';
  if (v > 25) return '密度(t/m³)不应大于 25';
  return null;
}

/** The row after the server checked `factorId` (ignored when the user has picked another meanwhile). */
export function withCheck(row: MappingRow, factorId: number, answer: CheckAnswer | { error: string }): MappingRow {
  if (row.choice?.factorId !== factorId) return row;
  if ('error' in answer)
    return { ...row, quantity: null, basis: null, error: answer.error, checking: false, confirmed: false };
  if (answer.needsDensity || answer.quantity === null)
    return {
      ...row,
      quantity: null,
      unit: answer.unit,
      basis: null,
      error: null,
      needsDensity: answer.needsDensity ?? '需要密度(t/m³)',
      density: null,
      densitySource: null,
      checking: false,
      confirmed: false,
    };
  const saved = answer.density ? { density: answer.density.value, densitySource: answer.density.source } : {};
  return {
    ...row,
    quantity: answer.quantity,
    unit: answer.unit,
    basis: answer.basis,
    error: null,
    needsDensity: null,
    ...saved,
    checking: false,
    confirmed: true,
  };
}

/** The row with its 确认 box set (a row that cannot be confirmed stays unconfirmed). */
export const withConfirmed = (row: MappingRow, confirmed: boolean): MappingRow => ({
  ...row,
  confirmed: confirmed && canConfirm(row),
});

/** What POST bim/import maps: the confirmed rows only. */
export function importMappings(rows: readonly MappingRow[]): ImportMapping[] {
  return rows
    .filter((r) => r.confirmed && canConfirm(r))
    .map((r) => ({
      ifcMaterial: r.material.name,
      factorId: r.choice!.factorId,
      ...(r.density !== null ? { density: r.density } : {}),
    }));
}

/** Rows that will not be imported (unconfirmed or unmapped). */
export const skippedRows = (rows: readonly MappingRow[]) => rows.filter((r) => !(r.confirmed && canConfirm(r)));
