import type { ApiErrorBody } from '@/lib/schemas/api';

/**
 * The app's one HTTP client for its own API (the account repository, the session, the barcode
 * lookup): JSON in and out, and the server's error answers (`{error, field?, issues?, current?}`)
 * turned into one error type the screens can read.
 */

/** The base URL of the REST API (NUXT_PUBLIC_API_URL), as the root layout wrote it on <html>. */
export function apiBase(): string {
  return (typeof document === 'undefined' ? undefined : document.documentElement.dataset.apiBase) || '/api';
}

/** An answer of 4xx or 5xx; `code` is the server's error code, `field` the first bad field. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(`${status} ${body.error}`);
    this.name = 'ApiError';
  }

  get code(): string {
    return this.body.error;
  }

  /** With a 429: the whole minutes until the server lets a try through again. */
  get retryAfterMinutes(): number | undefined {
    const seconds = this.body.retryAfter;
    return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds / 60) : undefined;
  }

  /** The message key of the first bad field (`passwordCommon`, say), for a 400. */
  get issueMessage(): string | undefined {
    return this.body.issues?.[0]?.message;
  }
}

/** The server could not be reached (offline, DNS, a dropped connection). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('network', { cause });
    this.name = 'NetworkError';
  }
}

function errorBody(status: number, data: unknown): ApiErrorBody {
  if (typeof data === 'object' && data !== null && typeof (data as ApiErrorBody).error === 'string') {
    return data as ApiErrorBody;
  }
  return { error: status === 401 ? 'unauthorized' : status === 404 ? 'notFound' : 'http' };
}

/**
 * One request; answers the parsed JSON (undefined for 204) or throws ApiError / NetworkError.
 * Once `signal` aborts, the request rejects with the abort's own error, which is no network
 * failure: the caller stopped waiting.
 */
export async function apiRequest(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  { signal }: { signal?: AbortSignal } = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${apiBase()}${path}`, {
      method,
      // The session cookie goes along when the API is on its own origin too (NUXT_PUBLIC_API_URL).
      credentials: 'include',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError(error);
  }
  if (response.status === 204) return undefined;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, errorBody(response.status, data));
  return data;
}
