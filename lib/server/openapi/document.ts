import 'server-only';
import { registry, toJSONSchema, type $ZodType } from 'zod/v4/core';
import { SESSION_COOKIE } from '@/lib/server/auth/session';
import { namedSchemas, operations, tags, type Access, type Operation } from './operations';

/**
 * The OpenAPI 3.1 description of the API, made from the zod schemas of ./operations.ts, the same
 * the handlers validate with (zod's own JSON Schema conversion: OpenAPI 3.1 speaks JSON Schema
 * 2020-12). Requests are described as the schemas accept them (`io: input`: a field with a
 * default may be left out), answers as the handlers send them (`io: output`: no fields besides).
 */

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

const COMPONENTS = '#/components/schemas/';
/** The suffix of a shared record's component in the form a request sends it. */
const INPUT = 'Input';

/** The shared records in `io`'s form, by component name, and what names them in a conversion. */
function namedComponents(io: Io) {
  const names = registry<{ id: string }>();
  for (const [name, schema] of Object.entries(namedSchemas))
    names.add(schema, { id: io === 'input' ? name + INPUT : name });
  const converted = toJSONSchema(names, { io, unrepresentable: 'any', uri: (id) => COMPONENTS + id });
  const schemas = Object.fromEntries(
    Object.entries(converted.schemas).map(([id, schema]) => [id, withoutDialect(schema)]),
  );
  return { names, schemas };
}

/** `schema` in `io`'s form, the shared records in it as references to their components. */
function convert(schema: $ZodType, io: Io, names: ReturnType<typeof registry<{ id: string }>>): JsonSchema {
  const id = names.get(schema)?.id;
  if (id) return { $ref: COMPONENTS + id };
  const { $defs, ...json } = toJSONSchema(schema, { io, unrepresentable: 'any', metadata: names });
  void $defs; // each is a component already
  return withoutDialect(JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', `"${COMPONENTS}`)));
}

function withoutDialect(schema: object): JsonSchema {
  const { $schema, ...rest } = schema as JsonSchema;
  void $schema; // OpenAPI 3.1's own dialect is JSON Schema 2020-12
  return rest;
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `${COMPONENTS}Error` } } },
});

/** The error answers any operation of its kind may give, besides those it lists itself. */
function commonErrors({ access, params, query, body, database }: Operation): Record<string, object> {
  const errors: Record<string, object> = {};
  const byToken = access === 'anyToken' || typeof access === 'object';
  if (params || query || body)
    errors[400] = errorAnswer('Invalid input: `field` and `issues` say what, with message keys.');
  if (access !== 'anyone')
    errors[401] = errorAnswer(
      'No session, or no valid token (`WWW-Authenticate: Bearer`); for a token, `message` says to send a personal access token, and a malformed `Authorization` names `field: authorization`.',
    );
  if (access === 'session')
    errors[403] = errorAnswer('A personal access token was sent: this needs the browser session.');
  if (typeof access === 'object')
    errors[403] = errorAnswer(
      "The token lacks the operation's scope, or a cross-site request sent a cookie.",
    );
  if (byToken) errors[429] = errorAnswer("Past the token's requests a minute; wait `retryAfter` seconds.");
  if (body) errors[413] = errorAnswer('The body is over 1 MB.');
  if (database !== false)
    errors[503] = errorAnswer(
      'The database cannot be reached (`unavailable`): nothing was done; try again after `Retry-After` (`retryAfter`) seconds.',
    );
  return errors;
}

/** Who may call, as the security requirements and as a sentence of the description. */
function accessOf(access: Access): { security: Array<Record<string, string[]>>; note: string } {
  // An empty list, said outright: public, not forgotten (linters' `security-defined` rule).
  if (access === 'anyone') return { security: [], note: '' };
  if (access === 'session')
    return { security: [{ session: [] }], note: 'Browser session only: a personal access token is refused.' };
  if (access === 'anyToken')
    return { security: [{ token: [] }], note: 'A personal access token only: a browser session is refused.' };
  return {
    security: [{ session: [] }, { token: [access.token] }],
    note: `Token scope: \`${access.token}\`.`,
  };
}

function parameters(operation: Operation, names: ReturnType<typeof registry<{ id: string }>>) {
  const list: object[] = [];
  for (const [place, schema] of [
    ['path', operation.params],
    ['query', operation.query],
  ] as const) {
    if (!schema) continue;
    const object = convert(schema, 'input', names) as { properties?: JsonSchema; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {}))
      list.push({
        name,
        in: place,
        required: place === 'path' || (object.required ?? []).includes(name),
        schema: property,
      });
  }
  return list;
}

function describe(
  operation: Operation,
  inputs: ReturnType<typeof namedComponents>,
  outputs: ReturnType<typeof namedComponents>,
) {
  const responses: Record<string, object> = { ...commonErrors(operation) };
  for (const [status, answer] of Object.entries(operation.answers)) {
    responses[status] = answer.schema
      ? {
          description: answer.description,
          content: { 'application/json': { schema: convert(answer.schema, 'output', outputs.names) } },
        }
      : { description: answer.description };
  }
  responses.default = errorAnswer('Any other failure, such as 500 `internal`.');
  const { security, note } = accessOf(operation.access);
  return {
    operationId: operation.id,
    tags: [operation.tag],
    summary: operation.summary,
    description: [operation.description, note].filter(Boolean).join(' ') || undefined,
    security,
    parameters: parameters(operation, inputs.names),
    ...(operation.body
      ? {
          requestBody: {
            required: !operation.bodyOptional,
            content: { 'application/json': { schema: convert(operation.body, 'input', inputs.names) } },
          },
        }
      : {}),
    responses,
  };
}

/** Keeps the components some part of `document` refers to, directly or through another. */
function usedOnly(components: Record<string, JsonSchema>, document: object): Record<string, JsonSchema> {
  const used = new Set<string>();
  const visit = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(/"#\/components\/schemas\/(\w+)"/g)) {
      if (used.has(name!) || !components[name!]) continue;
      used.add(name!);
      visit(components[name!]);
    }
  };
  visit(document);
  return Object.fromEntries(
    Object.entries(components)
      .filter(([name]) => used.has(name))
      .sort(),
  );
}

function build() {
  const inputs = namedComponents('input');
  const outputs = namedComponents('output');
  const paths: Record<string, Record<string, object>> = {};
  for (const operation of operations)
    (paths[operation.path] ??= {})[operation.method] = describe(operation, inputs, outputs);
  const body = {
    openapi: '3.1.1',
    info: {
      title: 'Calorie Diary API',
      version: '1.0.0',
      description:
        'The API of an account diary. Scripts and tools send a personal access token (made in ' +
        'Settings → Personal access tokens) as `Authorization: Bearer cdt_…`; the app itself uses its ' +
        "session cookie. Dates are the user's calendar days (YYYY-MM-DD); energy is in kcal, masses in g.",
    },
    // Relative to where the description is served (/api/openapi.json): the app's own origin.
    servers: [{ url: '/', description: 'This diary: the origin this description was read from.' }],
    tags: tags.map((name) => ({ name })),
    paths,
  };
  return {
    ...body,
    components: {
      schemas: usedOnly({ ...inputs.schemas, ...outputs.schemas }, body),
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The browser session.' },
        token: { type: 'http', scheme: 'bearer', description: 'A personal access token, `cdt_…`.' },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof build>;

let cached: OpenApiDocument | undefined;

/** The description; made once a process, as the schemas do not change while it runs. */
export function openApiDocument(): OpenApiDocument {
  return (cached ??= build());
}
