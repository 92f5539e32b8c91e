import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '@/lib/server/openapi/document';

/**
 * Checks an answer of the API against the OpenAPI description (/api/openapi.json): its status
 * must be one the operation lists (or its `default`), and its body must be what that answer's
 * schema says. TestClient checks every answer so, which makes every integration test a test of
 * the description too. Paths the description does not list (the JSON 404 of an unknown path)
 * are left alone: tests/unit/openapi.test.ts proves every route is listed.
 */
const document = openApiDocument();
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const DOCUMENT_ID = 'https://diary.invalid/openapi.json';
ajv.addSchema({ ...document, $id: DOCUMENT_ID });

const templates = Object.keys(document.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+').replace(/\./g, '\\.')}$`),
}));
const validators = new Map<string, ValidateFunction>();

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

export function checkAnswerAgainstDescription(
  method: string,
  pathname: string,
  status: number,
  body: unknown,
): void {
  const template = templates.find((candidate) => candidate.pattern.test(pathname))?.template;
  const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  const operation = template
    ? (document.paths[template] as Record<string, { responses: Record<string, { content?: unknown }> }>)[verb]
    : undefined;
  if (!template || !operation) return;
  const key = String(status) in operation.responses ? String(status) : 'default';
  const where = `${method} ${template} → ${status}`;
  const answer = operation.responses[key]!;
  if (!answer.content) {
    if (body !== null && method !== 'HEAD')
      throw new Error(`${where}: the description says no body, the answer has one`);
    return;
  }
  const ref = `${DOCUMENT_ID}#/${pointer('paths', template, verb, 'responses', key, 'content', 'application/json', 'schema')}`;
  let validate = validators.get(ref);
  if (!validate) validators.set(ref, (validate = ajv.compile({ $ref: ref })));
  if (!validate(body))
    throw new Error(
      `${where}: the answer is not what the description says: ${ajv.errorsText(validate.errors)}`,
    );
}
