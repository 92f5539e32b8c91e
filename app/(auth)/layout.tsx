import type { ReactNode } from 'react';
import { SiteHeader } from '@/components/landing/site-header';

/** Log in, register and log out: the public header over one centred card. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="grid flex-1 place-items-start px-4 pt-6 pb-16 sm:place-items-center sm:pt-0">
        <div className="border-border bg-surface mx-auto w-full max-w-md rounded-3xl border p-6 shadow-sm sm:p-8">
          {children}
        </div>
      </main>
    </div>
  );
}
