import type { ReactNode } from 'react';

/** A form-level error, announced as it appears; renders nothing without a message. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="border-error/40 bg-error/10 rounded-xl border px-3.5 py-2.5 text-sm">
      {children}
    </p>
  );
}
