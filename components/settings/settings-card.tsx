import type { ReactNode } from 'react';

/** One titled section of the settings page. */
export function SettingsCard({
  title,
  lead,
  id,
  children,
}: {
  title: string;
  lead?: string;
  id?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className="border-border bg-surface rounded-3xl border p-5 shadow-sm desk:p-6">
      <h2 className="text-base font-semibold">{title}</h2>
      {lead ? <p className="text-fg-muted mt-1 text-sm">{lead}</p> : null}
      <div className="mt-4 grid gap-5">{children}</div>
    </section>
  );
}
