// The building form validates with the very schema the server uses (schemas/domain/tpf3Project.ts) and the same
// ajv configuration and wording (schemas/validation.ts formatErrors), so a field shows the message the API
// would answer. Server code-2 answers ([{ field, errorMsg }]) land in the same field → message map.
import { useCallback, useState } from 'react';
import { tpf3Project } from '../../../../schemas/domain/tpf3Project';
import { schemaFieldErrors, type FieldErrors } from '../../admin/form/fieldErrors';
import type { Rec } from './model';

export type { FieldErrors };

/** Field → message for a payload (without id); empty when valid. */
export const validateBuilding = (payload: Rec): FieldErrors => schemaFieldErrors(tpf3Project, payload);

export function useBuildingValidation() {
  const [errors, setErrors] = useState<FieldErrors>({});
  /** Validates and shows every failing field's message; true when valid. */
  const validate = useCallback((payload: Rec) => {
    const found = validateBuilding(payload);
    setErrors(found);
    return Object.keys(found).length === 0;
  }, []);
  const clearError = useCallback(
    (field: string) =>
      setErrors((e) => (e[field] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)) : e)),
    [],
  );
  return { errors, setErrors, validate, clearError };
}
