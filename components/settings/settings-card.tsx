import type { ReactNode } from 'react';

/** One titled section of the settings page. */
export function SettingsCard({
  title,
  lead,
  status,
  id,
  children,
}: {
  title: string;
  lead?: string;
  /**
   * A quiet line under the title (how saving goes). Its line is kept while empty, so a status
   * appearing or going never moves the page.
   */
  status?: { text: string; tone: 'muted' | 'ok' | 'error' } | null | false;
  id?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className="border-border bg-surface rounded-3xl border p-5 shadow-sm desk:p-6">
      <h2 className="text-base font-semibold">{title}</h2>
      {lead ? <p className="text-fg-muted mt-1 text-sm">{lead}</p> : null}
      {status !== undefined ? (
        <p
          role="status"
          data-testid="settings-save-status"
          className={
            status && status.tone === 'error'
              ? 'text-error-strong h-5 truncate text-sm font-medium'
              : status && status.tone === 'ok'
                ? 'text-primary-strong h-5 truncate text-sm font-medium'
                : 'text-fg-muted h-5 truncate text-sm'
          }
        >
          {status ? status.text : null}
        </p>
      ) : null}
      <div className="mt-4 grid gap-5">{children}</div>
    </section>
  );
}
