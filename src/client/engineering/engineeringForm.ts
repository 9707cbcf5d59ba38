// The engineering dialog's data: form values ↔ the API body, and validation with the
// resource schema itself through the shared ajv configuration (schemas/validation.ts) — the same schema, the
// same keywords and the same `[{ field, errorMsg }]` wording as the server's code-2 answers.
import { tpf3Engineering } from '../../../schemas/domain/tpf3Engineering';
import { schemaFieldErrors, type FieldErrors } from '../admin/form/fieldErrors';
import { numericText } from '../admin/form/numericText';

/** What the dialog edits, as typed (all text). */
export interface EngineeringValues {
  name: string;
  code: string;
  buildOrg: string;
  designOrg: string;
  /** as typed: digits and one decimal point, at most 10 characters */
  buildArea: string;
  site: string;
  /** 项目位置 (address text) */
  remarks: string;
  /** 'lng,lat' or '' */
  latLng: string;
}

export type EngineeringBody = {
  name: string;
  code: string;
  buildOrg: string;
  designOrg: string;
  buildArea: number | null;
  site: string;
  remarks: string;
  latLng: string;
};

export type { FieldErrors };

/** The editable properties (the schema's, without the server-computed x-virtual ones). */
export const EDITABLE_FIELDS = Object.entries(tpf3Engineering.properties)
  .filter(([, p]) => !(p as { 'x-virtual'?: boolean })['x-virtual'])
  .map(([name]) => name) as (keyof EngineeringValues)[];

/** Area input: digits and the first decimal point, at most 10 characters. */
export const numericInput = (text: string, maxLength = 10): string => numericText(text, { maxLength });

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function emptyValues(): EngineeringValues {
  return { name: '', code: '', buildOrg: '', designOrg: '', buildArea: '', site: '', remarks: '', latLng: '' };
}

/** A list record → form values. */
export function toValues(record: Record<string, unknown> | undefined): EngineeringValues {
  if (!record) return emptyValues();
  const v = emptyValues();
  for (const f of EDITABLE_FIELDS) v[f] = text(record[f]);
  return v;
}

/** The text fields trimmed (name, code, remarks and the organisations). */
export function trimValues(v: EngineeringValues): EngineeringValues {
  return {
    ...v,
    name: v.name.trim(),
    code: v.code.trim(),
    buildOrg: v.buildOrg.trim(),
    designOrg: v.designOrg.trim(),
    remarks: v.remarks.trim(),
  };
}

/** Form values → the API body (schema properties only; an empty area is null). */
export function toBody(values: EngineeringValues): EngineeringBody {
  const v = trimValues(values);
  const area = v.buildArea.trim();
  return {
    name: v.name,
    code: v.code,
    buildOrg: v.buildOrg,
    designOrg: v.designOrg,
    // a half-typed number ('.') stays text so the schema reports it
    buildArea: area === '' ? null : Number.isFinite(Number(area)) ? Number(area) : (area as unknown as number),
    site: v.site,
    remarks: v.remarks,
    latLng: v.latLng.trim(),
  };
}

/** Schema validation of a body → `{ field: message }` (empty when valid). */
export const validateBody = (body: EngineeringBody): FieldErrors => schemaFieldErrors(tpf3Engineering, body);
