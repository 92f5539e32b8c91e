import type { ReactNode } from 'react';
import { SiteHeader } from '@/components/landing/site-header';

/** Pages anyone may open without a diary: the public header over a wide column. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <div className="print:hidden">
        <SiteHeader />
      </div>
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 pt-4 pb-16 desk:px-8">
        {children}
      </main>
    </div>
  );
}
