import type { RJSFSchema } from '@rjsf/utils';

/** The one cast from our readonly `as const` schemas to rjsf's mutable JSONSchema7 type. */
export const toRjsf = (schema: object): RJSFSchema => schema as unknown as RJSFSchema;
