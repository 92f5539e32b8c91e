import Link from 'next/link';
import type { ReactNode } from 'react';
import { Icon } from '@/components/ui/icon';

type ErrorViewProps = {
  code: number;
  title: string;
  body: ReactNode;
  homeLabel: string;
  /** An extra action, such as "Try again" on the error boundary. */
  action?: ReactNode;
};

/** The full-page error: the status code, what happened, and a way back. */
export function ErrorView({ code, title, body, homeLabel, action }: ErrorViewProps) {
  return (
    <main id="main" className="grid min-h-dvh place-items-center px-6 py-16">
      <div className="max-w-md text-center">
        <span className="bg-primary-soft text-primary mx-auto grid size-16 place-items-center rounded-2xl text-3xl">
          <Icon name={code === 404 ? 'search' : 'warning'} />
        </span>
        <p className="text-fg-muted mt-6 text-sm font-semibold tracking-widest">{code}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance">{title}</h1>
        <p className="text-fg-muted mt-3 break-words">{body}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {action}
          <Link
            href="/"
            className="border-border bg-surface hover:bg-muted inline-flex h-10 items-center gap-2 rounded-xl border px-4 text-sm font-medium"
          >
            <Icon name="home" className="text-lg" />
            {homeLabel}
          </Link>
        </div>
      </div>
    </main>
  );
}
