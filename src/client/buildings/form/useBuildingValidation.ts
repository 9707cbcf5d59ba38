// The building form validates with the very schema the server uses (schemas/domain/tpf3Project.ts) and the same
// ajv configuration and wording (schemas/validation.ts formatErrors), so a field shows the message the API
// would answer. Server code-2 answers ([{ field, errorMsg }]) land in the same field → message map.
import { useCallback, useState } from 'react';
import type { ValidateFunction } from 'ajv';
import { tpf3Project } from '../../../../schemas/domain/tpf3Project';
import { createAjv, formatErrors } from '../../../../schemas/validation';
import type { Rec } from './model';

export type FieldErrors = Record<string, string>;

let compiled: ValidateFunction | undefined;

/** Field → message for a payload (without id); empty when valid. The payload itself is not changed. */
export function validateBuilding(payload: Rec): FieldErrors {
  compiled ??= createAjv().compile(tpf3Project);
  const copy = JSON.parse(JSON.stringify(payload)) as Rec;
  if (compiled(copy)) return {};
  const out: FieldErrors = {};
  for (const { field, errorMsg } of formatErrors(compiled.errors, tpf3Project)) out[field] ??= errorMsg;
  return out;
}

/** Server field errors (HttpError body.errors: { field: msg, root }) → field → message. */
export function serverFieldErrors(body: unknown): FieldErrors {
  const errors = (body as { errors?: Record<string, unknown> } | null)?.errors;
  const out: FieldErrors = {};
  if (!errors) return out;
  for (const [field, msg] of Object.entries(errors)) if (field !== 'root' && typeof msg === 'string') out[field] = msg;
  return out;
}

export function useBuildingValidation() {
  const [errors, setErrors] = useState<FieldErrors>({});
  /** Validates and shows every failing field's message; true when valid. */
  const validate = useCallback((payload: Rec) => {
    const found = validateBuilding(payload);
    setErrors(found);
    return Object.keys(found).length === 0;
  }, []);
  const clearError = useCallback((field: string) => setErrors((e) => (e[field] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)) : e)), []);
  return { errors, setErrors, validate, clearError };
}
