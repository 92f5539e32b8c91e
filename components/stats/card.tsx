'use client';

import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/ui/cn';

/** A titled section of the stats page. */
export function Card({
  title,
  children,
  className,
  testId,
}: {
  title: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('border-border bg-surface rounded-3xl border p-5 shadow-sm', className)}
      data-testid={testId}
    >
      <h2 id={headingId} className="mb-3 font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
