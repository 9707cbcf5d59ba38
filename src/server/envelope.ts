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
