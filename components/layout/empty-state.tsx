import type { ReactNode } from 'react';
import { Icon } from '@/components/ui/icon';
import type { IconKey } from '@/lib/icons/names';

type EmptyStateProps = { icon: IconKey; title: string; body: string; note?: string; children?: ReactNode };

/** What a section will hold, shown while it holds nothing yet. */
export function EmptyState({ icon, title, body, note, children }: EmptyStateProps) {
  return (
    <section className="border-border bg-surface flex flex-col items-center rounded-3xl border px-6 py-12 text-center shadow-sm">
      <span className="bg-primary-soft text-primary grid size-16 place-items-center rounded-2xl text-3xl">
        <Icon name={icon} />
      </span>
      <h2 className="mt-5 text-xl font-semibold tracking-tight">{title}</h2>
      <p className="text-fg-muted mt-2 max-w-md text-balance">{body}</p>
      {note ? (
        <p className="bg-muted text-fg-muted mt-5 rounded-full px-4 py-1.5 text-sm font-medium">{note}</p>
      ) : null}
      {children}
    </section>
  );
}
