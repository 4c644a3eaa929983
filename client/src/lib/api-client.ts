// The only place that calls fetch: credentials always, JSON only when there is a body, and one
// error format for every failure ('{status}: {body text}', spec section 8).

import { IDEMPOTENCY_KEY_HEADER } from '@shared/contracts/idempotency';
import type { ErrorBody } from '@shared/errors';

/** The server's JSON error in a body, or nothing when the body is not one (a proxy's page, say). */
function errorBody(body: string): Partial<ErrorBody> {
  try {
    const parsed = JSON.parse(body) as Partial<Record<keyof ErrorBody, unknown>>;
    if (typeof parsed.message !== 'string') return {};
    return {
      message: parsed.message,
      code: typeof parsed.code === 'string' ? parsed.code : undefined,
      errors: Array.isArray(parsed.errors) ? (parsed.errors as ErrorBody['errors']) : undefined,
    };
  } catch {
    return {};
  }
}

export class ApiError extends Error {
  /** The server's own sentence (or the body or status text), for places that word the failure themselves. */
  readonly serverMessage: string;
  /** The server's code for what went wrong ('not_found', 'rate_limited'…), when it answered one. */
  readonly code: string | undefined;
  /** The fields the server refused, each with its reason. */
  readonly errors: NonNullable<ErrorBody['errors']>;

  constructor(
    readonly status: number,
    body: string,
    statusText: string,
  ) {
    const parsed = errorBody(body);
    const text = parsed.message ?? (body || statusText);
    super(`${status}: ${text}`);
    this.serverMessage = text;
    this.code = parsed.code;
    this.errors = parsed.errors ?? [];
  }
}

/** Whether a call failed because what it asked for does not exist (or is not the caller's to see). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.code === 'not_found';

export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || '', res.statusText);
  return res;
}

const json = async <T>(res: Response): Promise<T> => (res.status === 204 ? (undefined as T) : res.json());

export const api = {
  get: <T>(url: string) => apiRequest('GET', url).then(json<T>),
  post: <T>(url: string, data?: unknown) => apiRequest('POST', url, data).then(json<T>),
  /** A create that counts once per `key` (see `useSubmitOnce`), however often it is sent. */
  create: <T>(url: string, data: unknown, key: string) =>
    apiRequest('POST', url, data, { [IDEMPOTENCY_KEY_HEADER]: key }).then(json<T>),
  patch: <T>(url: string, data?: unknown) => apiRequest('PATCH', url, data).then(json<T>),
  delete: <T>(url: string) => apiRequest('DELETE', url).then(json<T>),
};

/** GET of the joined query key; with 'returnNull' a 401 means "no data" rather than a failure. */
export const getQueryFn =
  <T>({ on401 }: { on401: 'returnNull' | 'throw' }) =>
  async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    try {
      return await api.get<T>(queryKey.join('/'));
    } catch (err) {
      if (on401 === 'returnNull' && err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  };

/** What a failed call's message says ('{status}: {body text}' for the API's answers), or the fallback. */
export function errorMessage(error: unknown, fallback = 'Please try again.') {
  return (error instanceof Error && error.message) || fallback;
}
