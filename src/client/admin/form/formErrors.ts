// Error texts in forms: rjsf's ajv errors get the same wording as the server's code-2 answers, by running each
// through schemas/validation.ts formatErrors (titles, x-messages, 请输入<title>); server field errors
// (`{ 'items.0.value': msg }`) become rjsf extraErrors under their fields.
import type { ErrorObject } from 'ajv';
import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import { formatErrors } from '../../../../schemas/validation';

const toPointer = (parts: string[]) =>
  parts.length ? `/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}` : '';

/** rjsf errors → same messages as the API, one per field (the first rule that failed). */
export function makeTransformErrors(schema: object) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] => {
    const seen = new Set<string>();
    const out: RJSFValidationError[] = [];
    for (const e of errors) {
      const parts = (e.property ?? '').split('.').filter(Boolean);
      // rjsf appends the missing property to `property`; formatErrors expects the parent's path
      const instanceParts = e.name === 'required' ? parts.slice(0, -1) : parts;
      const ajvError = {
        keyword: e.name ?? '',
        instancePath: toPointer(instanceParts),
        schemaPath: e.schemaPath ?? '',
        params: e.params ?? {},
        message: e.message,
      } as ErrorObject;
      const [formatted] = formatErrors([ajvError], schema);
      const key = parts.join('.');
      if (seen.has(key)) continue;
      seen.add(key);
      const message = formatted?.errorMsg ?? e.message ?? '';
      out.push({ ...e, message, stack: message });
    }
    return out;
  };
}

/** Server errors `{ field: msg, root: { serverError } }` → rjsf ErrorSchema. */
export function serverErrorsToErrorSchema(errors: Record<string, unknown>): ErrorSchema {
  const out: Record<string, unknown> = {};
  for (const [field, msg] of Object.entries(errors)) {
    if (field === 'root') continue;
    const text = typeof msg === 'string' ? msg : (msg as { message?: string })?.message;
    if (!text) continue;
    const parts = field === '_' ? [] : field.split('.');
    let node = out;
    for (const part of parts) node = (node[part] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(text);
  }
  return out as ErrorSchema;
}

/** The first field message, to show as the toast. */
export function firstServerError(errors: Record<string, unknown>): string | undefined {
  for (const [field, msg] of Object.entries(errors)) {
    if (field === 'root') continue;
    if (typeof msg === 'string') return msg;
  }
  return (errors.root as { serverError?: string } | undefined)?.serverError;
}
