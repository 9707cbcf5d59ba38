// Field → message maps for the bespoke forms (engineering dialog, building form): the client-side check runs the
// resource schema through the shared ajv configuration and formatErrors (schemas/validation.ts), so a field shows
// exactly the message the server's code-2 answer would; a failed save's code-2 answer lands in the same map
// (serverFieldErrors.ts, apart: the forms that only show the server's errors do not load ajv).
import type { ValidateFunction } from 'ajv';
import { createAjv, formatErrors } from '../../../../schemas/validation';

export type FieldErrors = Record<string, string>;

const compiled = new WeakMap<object, ValidateFunction>();
// useDefaults off: validating must not change the form's values
const ajv = createAjv({ useDefaults: false });

/** Every failing field of a body with its message (the first rule that failed); empty when valid. */
export function schemaFieldErrors(schema: object, body: unknown): FieldErrors {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  if (validate(body)) return {};
  const out: FieldErrors = {};
  for (const { field, errorMsg } of formatErrors(validate.errors, schema)) out[field] ??= errorMsg;
  return out;
}
