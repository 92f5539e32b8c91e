import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { Fragment, type ReactNode } from 'react';
import { LIMITS } from '@/lib/limits';
import { routes } from '@/lib/navigation/routes';
import type { OpenApiDocument } from '@/lib/server/openapi/document';
import { cn } from '@/lib/ui/cn';

type Described = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  parameters: Array<{ name: string; in: string; required: boolean; schema: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};

type Listed = Described & { method: string; path: string };

const METHOD_COLOURS: Record<string, string> = {
  get: 'bg-primary-soft text-primary-strong',
  post: 'bg-secondary/10 text-secondary',
  put: 'bg-amber-400/10 text-amber-600 dark:text-amber-400',
  patch: 'bg-amber-400/10 text-amber-600 dark:text-amber-400',
  delete: 'bg-error/10 text-error-strong',
};

/** `text` with its `code` spans set as code: the description's only markup. */
function Prose({ text }: { text: string }) {
  return text.split('`').map((part, index) =>
    index % 2 === 1 ? (
      <code key={index} className="bg-muted rounded px-1 font-mono text-[0.9em]">
        {part}
      </code>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

function Code({ children }: { children: ReactNode }) {
  return (
    <pre className="bg-muted overflow-x-auto rounded-xl p-3 font-mono text-xs leading-relaxed">
      {children}
    </pre>
  );
}

function SchemaDetails({ label, schema }: { label: string; schema: unknown }) {
  return (
    <details className="group">
      <summary className="text-primary-strong cursor-pointer text-sm font-medium">{label}</summary>
      <div className="mt-2">
        <Code>{JSON.stringify(schema, null, 2)}</Code>
      </div>
    </details>
  );
}

/**
 * The API reference: every operation of the OpenAPI description with who may call it, its
 * parameters, body and answers, read from the same document /api/openapi.json serves, so it
 * cannot say something the API does not do. The prose around it is in the reader's language;
 * the operations' own texts are the description's, in English, as API references are.
 */
export async function ApiReference({ document, origin }: { document: OpenApiDocument; origin: string }) {
  const t = await getTranslations('developers');
  const operations: Listed[] = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ ...(operation as Described), method, path })),
  );
  const who = (operation: Listed) => {
    const [first, second] = operation.security ?? [];
    if (!first) return t('accessAnyone');
    if (second?.token) return t('accessOwner', { scope: second.token[0] ?? '' });
    return first.session ? t('accessSession') : t('accessToken');
  };

  return (
    <div className="grid gap-10">
      <header className="grid gap-3">
        <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-fg-muted max-w-prose">{t('lead')}</p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <a className="text-primary-strong font-medium underline" href="/api/openapi.json">
            {t('download')}
          </a>
          <Link className="text-primary-strong font-medium underline" href={routes.settings}>
            {t('makeToken')}
          </Link>
        </p>
      </header>

      <section className="grid gap-3" aria-labelledby="auth">
        <h2 id="auth" className="text-xl font-semibold">
          {t('authTitle')}
        </h2>
        <p className="max-w-prose">{t('authText')}</p>
        <Code>{`curl -H "Authorization: Bearer $DIARY_TOKEN" \\\n  "${origin}/api/stats?from=2026-11-01&to=2026-11-28"`}</Code>
        <p className="text-fg-muted max-w-prose text-sm">
          {t('limitsText', { perMinute: LIMITS.tokenRequestsPerMinute.max })}
        </p>
      </section>

      <section className="grid gap-3" aria-labelledby="mcp">
        <h2 id="mcp" className="text-xl font-semibold">
          {t('mcpTitle')}
        </h2>
        <p className="max-w-prose">{t('mcpText')}</p>
        <Code>
          {JSON.stringify(
            {
              mcpServers: {
                'calorie-diary': {
                  command: 'npx',
                  args: [
                    '-y',
                    'mcp-remote',
                    `${origin}/api/mcp`,
                    '--header',
                    'Authorization: Bearer ${DIARY_TOKEN}',
                  ],
                  env: { DIARY_TOKEN: 'cdt_…' },
                },
              },
            },
            null,
            2,
          )}
        </Code>
      </section>

      <nav aria-label={t('contents')} className="flex flex-wrap gap-2">
        {document.tags.map(({ name }) => (
          <a
            key={name}
            href={`#tag-${name}`}
            className="border-border hover:bg-muted rounded-full border px-3 py-1 text-sm"
          >
            {name}
          </a>
        ))}
        <a href="#schemas" className="border-border hover:bg-muted rounded-full border px-3 py-1 text-sm">
          {t('schemas')}
        </a>
      </nav>

      {document.tags.map(({ name }) => (
        <section key={name} className="grid gap-4" aria-labelledby={`tag-${name}`}>
          <h2 id={`tag-${name}`} className="text-xl font-semibold">
            {name}
          </h2>
          {operations
            .filter((operation) => operation.tags.includes(name))
            .map((operation) => (
              <article
                key={operation.operationId}
                id={operation.operationId}
                data-testid="api-operation"
                className="border-border bg-surface grid gap-3 rounded-2xl border p-4"
              >
                <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm">
                  <span
                    className={cn(
                      'rounded-md px-2 py-0.5 text-xs font-bold uppercase',
                      METHOD_COLOURS[operation.method],
                    )}
                  >
                    {operation.method}
                  </span>
                  <span className="font-semibold break-all">{operation.path}</span>
                </h3>
                <p className="font-medium">{operation.summary}</p>
                {operation.description ? (
                  <p className="text-fg-muted text-sm">
                    <Prose text={operation.description} />
                  </p>
                ) : null}
                <p className="text-sm">
                  <span className="text-fg-muted">{t('access')}: </span>
                  {who(operation)}
                </p>
                {operation.parameters.length > 0 ? (
                  <ul className="grid gap-1 text-sm">
                    {operation.parameters.map((parameter) => (
                      <li key={`${parameter.in}-${parameter.name}`}>
                        <code className="font-mono">{parameter.name}</code>{' '}
                        <span className="text-fg-muted">
                          ({t(parameter.in === 'path' ? 'inPath' : 'inQuery')}
                          {parameter.required ? `, ${t('required')}` : ''})
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {operation.requestBody ? (
                  <SchemaDetails
                    label={t('body')}
                    schema={operation.requestBody.content['application/json']?.schema}
                  />
                ) : null}
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  {Object.entries(operation.responses).map(([status, answer]) => (
                    <Fragment key={status}>
                      <dt className="font-mono tabular-nums">{status}</dt>
                      <dd className="grid gap-1">
                        <span>
                          <Prose text={answer.description} />
                        </span>
                        {answer.content && status.startsWith('2') ? (
                          <SchemaDetails
                            label={t('answer')}
                            schema={answer.content['application/json']?.schema}
                          />
                        ) : null}
                      </dd>
                    </Fragment>
                  ))}
                </dl>
              </article>
            ))}
        </section>
      ))}

      <section className="grid gap-3" aria-labelledby="schemas">
        <h2 id="schemas" className="text-xl font-semibold">
          {t('schemas')}
        </h2>
        <p className="text-fg-muted max-w-prose text-sm">{t('schemasLead')}</p>
        {Object.entries(document.components.schemas).map(([name, schema]) => (
          <div key={name} id={`schema-${name}`} className="border-border bg-surface rounded-2xl border p-4">
            <SchemaDetails label={name} schema={schema} />
          </div>
        ))}
      </section>
    </div>
  );
}
