// A failed save's field errors: a code-2 answer (react-admin HttpError `body.errors`, providers/httpClient.ts) as
// the field → message map the bespoke forms show. Kept apart from fieldErrors.ts (the schema check with ajv) so
// the forms that only show the server's errors — the login page among them — do not load the validator.
import type { FieldErrors } from './fieldErrors';

/** Field errors of a failed save (react-admin HttpError `body.errors` from a code-2 answer); empty otherwise. */
export function serverFieldErrors(err: unknown): FieldErrors {
  const errors = (err as { body?: { errors?: Record<string, unknown> } } | null)?.body?.errors;
  const out: FieldErrors = {};
  if (!errors || typeof errors !== 'object') return out;
  for (const [field, msg] of Object.entries(errors)) if (field !== 'root' && typeof msg === 'string') out[field] = msg;
  return out;
}
