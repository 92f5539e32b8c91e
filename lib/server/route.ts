import 'server-only';
import { operations } from '@/lib/server/openapi/operations';
import { requireOwner, requireUser } from '@/lib/server/auth/dal';
import type { SessionClaims } from '@/lib/server/auth/session';
import { handler, type Context } from '@/lib/server/http';

/** An operation of the route table (lib/server/openapi/operations.ts), by its id. */
export type OperationId = (typeof operations)[number]['id'];
type AccessOf<Id extends OperationId> = Extract<(typeof operations)[number], { id: Id }>['access'];

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

const operationsById = new Map<string, (typeof operations)[number]>(
  operations.map((operation) => [operation.id, operation]),
);
const routed = new WeakMap<object, OperationId>();

/**
 * The handler of the table's operation `id`: its caller is checked as the table says before
 * `answer` runs (lib/server/http.ts's handler() answers the refusal), so who may call a route is
 * declared once, beside its path, schemas and answers. tests/unit/routes-guarded.test.ts fails
 * on a route file whose handler is not one of these, or is another operation's.
 */
export function route<Id extends OperationId, C extends Context = Context>(
  id: Id,
  answer: (request: Request, caller: CallerOf<AccessOf<Id>>, context: C) => Promise<Response>,
) {
  const operation = operationsById.get(id);
  if (!operation) throw new Error(`no operation ${id} in the route table`);
  const guarded = handler(async (request: Request, context: C) =>
    answer(request, (await callerOf(request, operation.access)) as CallerOf<AccessOf<Id>>, context),
  );
  routed.set(guarded, id);
  return guarded;
}

async function callerOf(request: Request, access: (typeof operations)[number]['access']) {
  if (access === 'session') return requireUser(request);
  if (typeof access === 'object') return requireOwner(request, access.token);
  return null;
}

/** The operation a route file's export answers, or undefined for one made without route(). */
export function operationOf(exported: unknown): OperationId | undefined {
  return typeof exported === 'function' ? routed.get(exported) : undefined;
}
