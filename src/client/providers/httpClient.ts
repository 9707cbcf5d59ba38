// THE one place that knows the API envelope `{ code, message, data }`.
// Every call goes through apiFetch(): it adds the Access-Token header, enforces the 180 s timeout and turns
// every failure into a react-admin HttpError whose message is the Chinese text the user should see.
import { HttpError } from 'ra-core';
import type { FieldError } from '../../../schemas/validation';
import { API_BASE, HTTP_TIMEOUT_MS, MSG } from '../constants';
import { getToken } from './tokenStorage';

export interface Envelope<T = unknown> {
  code: 0 | 1 | 2;
  message?: string;
  data: T;
}

// (a code-2 answer's data: the server's field errors, schemas/validation.ts)
export type { FieldError };

type Query = Record<string, unknown>;

/** Query string; arrays become repeated keys (`ids=1&ids=2`), empty values are left out. */
export function toQueryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  return params.toString();
}

/** `/api/<path>` plus the query string. `path` is below /api, e.g. 'sys/v1/sso/login'. */
export function apiUrl(path: string, query?: Query): string {
  const qs = toQueryString(query);
  return `${API_BASE}/${path.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
}

/** The text for an HTTP status when the body carries no message of its own. */
export function statusMessage(status: number): string {
  switch (status) {
    case 401:
      return MSG.unauthorized;
    case 403:
      return MSG.forbidden;
    case 404:
      return MSG.notFound;
    case 500:
      return MSG.serverError;
    case 504:
      return MSG.timeout;
    default:
      return MSG.otherStatus;
  }
}

/** Code-2 answer → react-admin's server-side validation shape: `{ errors: { field: msg, root: { serverError } } }`. */
export function validationError(json: Envelope): HttpError {
  const list = Array.isArray(json.data) ? (json.data as FieldError[]) : [];
  const errors: Record<string, unknown> = {};
  for (const { field, errorMsg } of list) if (field && !(field in errors)) errors[field] = errorMsg;
  const message = json.message || MSG.formInvalid;
  errors.root = { serverError: message };
  return new HttpError(list[0]?.errorMsg || message, 400, { ...json, errors });
}

function withTimeout(signal: AbortSignal | null | undefined): {
  signal: AbortSignal;
  timedOut: () => boolean;
  done: () => void;
} {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, HTTP_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  if (signal) {
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', onAbort, { once: true });
  }
  return {
    signal: controller.signal,
    timedOut: () => expired,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** Calls the API and returns the envelope's `data`, or throws an HttpError carrying the message to show. */
export async function apiFetch<T = unknown>(url: string, init: RequestInit = {}): Promise<T> {
  return (await apiAnswer<T>(url, init)).data;
}

/** As apiFetch, with the success message too (an action that says what it did, in the server's words). */
export async function apiAnswer<T = unknown>(
  url: string,
  init: RequestInit = {},
): Promise<{ data: T; message: string }> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (init.body != null && !(init.body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const token = getToken();
  if (token) headers.set('Access-Token', token);

  const timeout = withTimeout(init.signal);
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers, signal: timeout.signal });
  } catch (err) {
    if (timeout.timedOut()) throw new HttpError(MSG.timeout, 504, null);
    if (init.signal?.aborted) throw err; // cancelled by the caller (react-query): not an error to show
    throw new HttpError(err instanceof Error && err.message ? err.message : MSG.otherStatus, 0, null);
  } finally {
    timeout.done();
  }

  let json: Envelope<T> | undefined;
  try {
    const text = await res.text();
    json = text ? (JSON.parse(text) as Envelope<T>) : undefined;
  } catch {
    json = undefined;
  }

  if (json && json.code === 2 && (res.ok || res.status === 400)) throw validationError(json);
  if (!res.ok) throw new HttpError(json?.message || statusMessage(res.status), res.status, json ?? null);
  if (!json || typeof json !== 'object' || !('code' in json)) throw new HttpError(MSG.otherStatus, res.status, null);
  if (json.code === 1) return { data: json.data, message: json.message ?? '' };
  throw new HttpError(json.message || MSG.otherStatus, 400, json);
}
