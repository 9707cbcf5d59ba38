// Record ↔ form data. The form holds only the schema's own properties (system fields are the server's);
// nulls are dropped where the schema does not allow null; x-secret fields are never prefilled and are left
// out when empty (so editing a user without typing a password keeps the old one); x-readonly fields are
// shown but not sent, and those not listed either (formHidden) are not in the form at all.
import type { PropertySchema, ResourceSchema } from '../../../../schemas/index';
import { typesOf } from '../schemaFields';

/** A property the server keeps and the form leaves out (x-readonly, not listed): a factor's version, its EPD. */
export const formHidden = (p: PropertySchema) => !!p['x-readonly'] && p['x-list'] === false;

export function toFormData(
  schema: ResourceSchema,
  record: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!record) return out;
  for (const [name, p] of Object.entries(schema.properties)) {
    if (p['x-secret'] || formHidden(p)) continue;
    const v = record[name];
    if (v === undefined) continue;
    if (v === null && !typesOf(p).includes('null')) continue;
    out[name] = v;
  }
  return out;
}

export function toPayload(schema: ResourceSchema, formData: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(schema.properties)) {
    if (!(name in formData)) continue;
    const v = formData[name];
    if (p['x-readonly']) continue;
    if (p['x-secret'] && (v === undefined || v === null || v === '')) continue;
    out[name] = v;
  }
  return out;
}
