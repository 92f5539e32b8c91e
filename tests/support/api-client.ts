import * as catchAll from '@/app/api/[...path]/route';
import * as login from '@/app/api/auth/login/route';
import * as logout from '@/app/api/auth/logout/route';
import * as logoutOthers from '@/app/api/auth/logout-others/route';
import * as register from '@/app/api/auth/register/route';
import * as entry from '@/app/api/days/[date]/entries/[id]/route';
import * as day from '@/app/api/days/[date]/route';
import * as days from '@/app/api/days/route';
import * as exportRoute from '@/app/api/export/route';
import * as food from '@/app/api/foods/[id]/route';
import * as foods from '@/app/api/foods/route';
import * as health from '@/app/api/health/route';
import * as importRoute from '@/app/api/import/route';
import * as password from '@/app/api/me/password/route';
import * as me from '@/app/api/me/route';
import * as product from '@/app/api/products/[barcode]/route';
import * as ready from '@/app/api/ready/route';
import * as settings from '@/app/api/settings/route';
import * as stats from '@/app/api/stats/route';
import { CLIENT_IP_HEADER } from '@/server/client-address.mjs';

// Tests read answers loosely (response.body.user.id); the shapes are what they assert.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteModule = Record<string, unknown>;

// The app's route table, as Next resolves it: static segments before dynamic ones.
const table: Array<[string, RouteModule]> = [
  ['/api/auth/register', register],
  ['/api/auth/login', login],
  ['/api/auth/logout', logout],
  ['/api/auth/logout-others', logoutOthers],
  ['/api/me/password', password],
  ['/api/me', me],
  ['/api/settings', settings],
  ['/api/foods', foods],
  ['/api/foods/:id', food],
  ['/api/days', days],
  ['/api/days/:date', day],
  ['/api/days/:date/entries/:id', entry],
  ['/api/stats', stats],
  ['/api/export', exportRoute],
  ['/api/import', importRoute],
  ['/api/products/:barcode', product],
  ['/api/health', health],
  ['/api/ready', ready],
];

function resolve(pathname: string): { module: RouteModule; params: Record<string, string> } {
  const parts = pathname.split('/');
  for (const [pattern, module] of table) {
    const patternParts = pattern.split('/');
    if (patternParts.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = patternParts.every((part, index) => {
      if (part.startsWith(':')) {
        params[part.slice(1)] = decodeURIComponent(parts[index]!);
        return true;
      }
      return part === parts[index];
    });
    if (matches) return { module, params };
  }
  return { module: catchAll, params: { path: pathname.slice('/api/'.length) } };
}

export type ApiResponse<T = Loose> = { status: number; body: T; headers: Headers };

export type CallOptions = {
  /** Sent as JSON unless it is a string or a stream, which go as they are. */
  body?: unknown;
  headers?: Record<string, string>;
};

/**
 * Calls the route handlers the way a browser would, keeping the cookies they set between calls.
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
    const headers = new Headers(options.headers);
    if (!headers.has(CLIENT_IP_HEADER)) headers.set(CLIENT_IP_HEADER, this.address);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    let body: BodyInit | undefined;
    if (options.body instanceof ReadableStream || typeof options.body === 'string') body = options.body;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const request = new Request(url, { method, headers, body, duplex: 'half' } as RequestInit);

    const { module, params } = resolve(url.pathname);
    const handle = module[method] as Handler | undefined;
    const response = handle
      ? await handle(request, { params: Promise.resolve(params) })
      : new Response(null, { status: 405 });

    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      const cleared = attributes.some((attribute) => attribute.trim().toLowerCase() === 'max-age=0');
      if (cleared) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
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
