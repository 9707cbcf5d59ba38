import type { RJSFSchema } from '@rjsf/utils';
import type { ResourceSchema } from '../../../../schemas/index';
import { formHidden } from './formData';

/** The one cast from our readonly `as const` schemas to rjsf's mutable JSONSchema7 type. */
export const toRjsf = (schema: object): RJSFSchema => schema as unknown as RJSFSchema;

/**
 * A resource schema as its form renders and validates it: without the properties the form leaves out (formHidden),
 * so rjsf neither fills them with defaults nor validates what the form never sends (a factor's EPD declaration).
 */
export function formSchema(schema: ResourceSchema): RJSFSchema {
  const entries = Object.entries(schema.properties);
  if (!entries.some(([, p]) => formHidden(p))) return toRjsf(schema);
  return toRjsf({ ...schema, properties: Object.fromEntries(entries.filter(([, p]) => !formHidden(p))) });
}
