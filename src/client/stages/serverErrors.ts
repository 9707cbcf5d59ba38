// A failed stage save's code-2 answer → rjsf errors under the fields and the toast text. The batch route names
// fields `第N行 field`; the dialog saves one row, so the row prefix is dropped.
import { HttpError } from 'react-admin';
import type { ErrorSchema } from '@rjsf/utils';
import { serverErrorsToErrorSchema } from '../admin/form/formErrors';
import type { FieldError } from '../providers/httpClient';
import { errorMessage } from '../admin/useConfirmedAction';

const ROW_PREFIX = /^第\d+行\s*/;

export function codeTwoErrors(err: unknown): { fields: Record<string, string>; first?: string } | undefined {
  if (!(err instanceof HttpError)) return undefined;
  const body = err.body as { code?: number; data?: unknown } | null;
  if (body?.code !== 2 || !Array.isArray(body.data)) return undefined;
  const fields: Record<string, string> = {};
  for (const e of body.data as FieldError[]) {
    const field = String(e.field ?? '').replace(ROW_PREFIX, '');
    if (field && !(field in fields)) fields[field] = e.errorMsg;
  }
  return { fields, first: (body.data as FieldError[])[0]?.errorMsg };
}

/** The errors to show under the fields (undefined when the failure is not a field failure) and the toast text. */
export function saveFailure(err: unknown): { extraErrors?: ErrorSchema; message: string } {
  const two = codeTwoErrors(err);
  if (!two) return { message: errorMessage(err) };
  return { extraErrors: serverErrorsToErrorSchema(two.fields), message: two.first ?? errorMessage(err) };
}
