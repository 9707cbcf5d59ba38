// The one answer shape of the API: { code, message, data }. code 1 success, 0 error, 2 validation.
import { MESSAGES } from './errors';

export interface Envelope<T = unknown> {
  code: 0 | 1 | 2;
  message: string;
  data: T;
}

export function ok<T>(data: T, message: string = MESSAGES.ok): Envelope<T> {
  return { code: 1, message, data };
}

export function fail(message: string, data: unknown = null, code: 0 | 2 = 0): Envelope {
  return { code, message, data };
}

/**
 * A route's response schema: its answer (`data`, a schema of schemas/answers) in the envelope, for 200. The
 * serialiser writes only what it lists: the answer schemas say how records pass through whole.
 */
export const answerSchema = <const D extends object>(description: string, data: D) =>
  ({
    200: {
      type: 'object',
      description,
      unevaluatedProperties: false,
      required: ['code', 'message', 'data'],
      properties: { code: { type: 'integer', enum: [0, 1, 2] }, message: { type: 'string' }, data },
    },
  }) as const;
