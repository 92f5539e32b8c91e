import { answerApiRequest } from '@/app/api/api-routes';
import { CLIENT_IP_HEADER } from '@/server/client-address.mjs';
import { checkAnswerAgainstDescription } from './openapi-answers';

// Tests read answers loosely (response.body.user.id); the shapes are what they assert.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export type ApiResponse<T = Loose> = { status: number; body: T; headers: Headers };

export type CallOptions = {
  /** Sent as JSON unless it is a string or a stream, which go as they are. */
  body?: unknown;
  headers?: Record<string, string>;
};

/**
 * Calls the route handlers the way a browser would, keeping the cookies they set between calls.
 * Every answer is checked against the OpenAPI description (./openapi-answers.ts).
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  /**
   * `address` is the client's address as server/server.mjs hands it to the app; each client
   * has its own unless given one, as separate people do.
   */
  constructor(
    readonly origin = 'http://localhost',
    readonly address = randomAddress(),
  ) {}

  async call<T = Loose>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const url = new URL(path, this.origin);
    const response = await this.send(method, url, options);

    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      const cleared = attributes.some((attribute) => attribute.trim().toLowerCase() === 'max-age=0');
      if (cleared) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    const parsed: Loose = text ? JSON.parse(text) : null;
    checkAnswerAgainstDescription(method, url.pathname, response.status, parsed);
    return { status: response.status, body: parsed, headers: response.headers };
  }

  /**
   * Opens a GET that answers a stream (GET /api/changes) and hands back its answer unread, with
   * its body to read as it comes; `signal` ends it, as a page that leaves does.
   */
  stream(path: string, signal: AbortSignal): Promise<Response> {
    return this.send('GET', new URL(path, this.origin), {}, signal);
  }

  /** The request as a browser would send it (this client's address and cookies), answered by the app. */
  private send(method: string, url: URL, options: CallOptions, signal?: AbortSignal): Promise<Response> {
    const headers = new Headers(options.headers);
    if (!headers.has(CLIENT_IP_HEADER)) headers.set(CLIENT_IP_HEADER, this.address);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    let body: BodyInit | undefined;
    if (options.body instanceof ReadableStream || typeof options.body === 'string') body = options.body;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const request = new Request(url, { method, headers, body, duplex: 'half', signal } as RequestInit);
    // The production server's own route table (server/lean-api.mjs), so every route is reached.
    return answerApiRequest(request);
  }

  get = <T = Loose>(path: string, options?: CallOptions) => this.call<T>('GET', path, options);
  post = <T = Loose>(path: string, body?: unknown, options?: CallOptions) =>
    this.call<T>('POST', path, { ...options, body });
  put = <T = Loose>(path: string, body?: unknown, options?: CallOptions) =>
    this.call<T>('PUT', path, { ...options, body });
  patch = <T = Loose>(path: string, body?: unknown, options?: CallOptions) =>
    this.call<T>('PATCH', path, { ...options, body });
  delete = <T = Loose>(path: string, body?: unknown, options?: CallOptions) =>
    this.call<T>('DELETE', path, { ...options, body });
}

let counter = 0;

/** An address in 10.0.0.0/8, as a private network would give one. */
export function randomAddress(): string {
  return `10.${Array.from({ length: 3 }, () => Math.floor(Math.random() * 256)).join('.')}`;
}

/** A new account, signed in: its client, email and password. */
export async function signUp(name = 'Test') {
  const client = new TestClient();
  const email = `user${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct horse battery';
  const response = await client.post('/api/auth/register', { email, password, name });
  if (response.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(response.body)}`);
  return { client, email, password, user: response.body.user as { id: string; email: string; name: string } };
}
