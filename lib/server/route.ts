import 'server-only';
import type { $ZodType, output } from 'zod/v4/core';
import { parse } from 'zod/v4/core';
import { operations, type Operation } from '@/lib/server/openapi/operations';
import { requireOwner, requireUser } from '@/lib/server/auth/dal';
import type { SessionClaims } from '@/lib/server/auth/session';
import { handler, pickPresent, readBody, searchParams, type Context } from '@/lib/server/http';

/** An operation of the route table (lib/server/openapi/operations.ts), by its id. */
export type OperationId = (typeof operations)[number]['id'];
type OperationOf<Id extends OperationId> = Extract<(typeof operations)[number], { id: Id }>;

/**
 * Who called, as the table's access for the operation makes sure: the session's user for
 * 'session', the owner of the data (by session, or a token with the scope) for an owner's
 * operation, nobody for 'anyone'. 'anyToken' (the MCP server) is checked by its handler, which
 * knows the request's cost in the token's budget only once it has read the body.
 */
export type CallerOf<A> = A extends 'session'
  ? SessionClaims
  : A extends { token: string }
    ? { userId: string }
    : null;

type Checked<O, Part extends 'params' | 'query' | 'body'> = O extends {
  [P in Part]: infer S extends $ZodType;
}
  ? output<S>
  : never;

/** The body as the handler gets it: read as `bodyReadAs` where the table has one, else as `body`. */
type BodyOf<O> = O extends { bodyReadAs: infer S extends $ZodType } ? output<S> : Checked<O, 'body'>;

/**
 * What the request sent, each part checked by the operation's own schema of the table when the
 * handler asks for it (so a handler checks what is cheap first, and counts its own refusals). A
 * PATCH body keeps only the fields sent: a schema's defaults never overwrite what is stored.
 */
export type Input<O> = {
  params(): Promise<Checked<O, 'params'>>;
  query(): Checked<O, 'query'>;
  body(): Promise<O extends { bodyOptional: true } ? BodyOf<O> | undefined : BodyOf<O>>;
};

const operationsById = new Map<string, Operation>(operations.map((operation) => [operation.id, operation]));
const routed = new WeakMap<object, OperationId>();

/**
 * The handler of the table's operation `id`: its caller is checked as the table says before
 * `answer` runs (lib/server/http.ts's handler() answers the refusal), and what it reads is
 * checked by the table's schemas, so who may call a route and what it takes are declared once,
 * beside its path and answers. tests/unit/openapi.test.ts fails on a route file whose handler is
 * not one of these, or is another operation's; app/api/api-routes.ts serves each at the table's path.
 */
export function route<Id extends OperationId>(
  id: Id,
  answer: (
    request: Request,
    caller: CallerOf<OperationOf<Id>['access']>,
    input: Input<OperationOf<Id>>,
  ) => Promise<Response> | Response,
) {
  const operation = operationsById.get(id);
  if (!operation) throw new Error(`no operation ${id} in the route table`);
  const guarded = handler(async (request: Request, context: Context) => {
    const caller = (await callerOf(request, operation.access)) as CallerOf<OperationOf<Id>['access']>;
    return answer(request, caller, inputOf(operation, request, context) as Input<OperationOf<Id>>);
  });
  routed.set(guarded, id);
  return guarded;
}

async function callerOf(request: Request, access: Operation['access']) {
  if (access === 'session') return requireUser(request);
  if (typeof access === 'object') return requireOwner(request, access.token);
  return null;
}

function inputOf(operation: Operation, request: Request, context: Context) {
  const schema = (part: 'params' | 'query' | 'body') => {
    const declared = part === 'body' ? (operation.bodyReadAs ?? operation.body) : operation[part];
    if (!declared) throw new Error(`${operation.id} has no ${part} in the route table`);
    return declared;
  };
  return {
    params: async () => parse(schema('params'), await context.params),
    query: () => parse(schema('query'), searchParams(request)),
    body: async () => {
      const checkedBy = schema('body');
      const sent = await readBody(request, { optional: operation.bodyOptional === true });
      if (sent === undefined) return undefined;
      const checked = parse(checkedBy, sent) as object;
      return operation.method === 'patch' ? pickPresent(checked, sent) : checked;
    },
  };
}

/** The operation a route file's export answers, or undefined for one made without route(). */
export function operationOf(exported: unknown): OperationId | undefined {
  return typeof exported === 'function' ? routed.get(exported) : undefined;
}

/**
 * The path a route file serves, as the lean router matches it (`{date}` is `:date`): the table's
 * path of its handlers' operations, which must be one.
 */
export function servedPattern(module: object): string {
  const paths = new Set(
    Object.values(module).flatMap((exported) => {
      const id = operationOf(exported);
      return id ? [operationsById.get(id)!.path] : [];
    }),
  );
  const [path, ...others] = paths;
  if (path === undefined || others.length > 0) {
    throw new Error(`a route file answers ${paths.size} paths of the route table: ${[...paths].join(', ')}`);
  }
  return path.replace(/\{(\w+)\}/g, ':$1');
}
