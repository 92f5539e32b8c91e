'use client';

import { usePathname } from 'next/navigation';

/** The path that was not found, as the seed's "Page not found: {path}" names it. */
export function RequestedPath() {
  const pathname = usePathname();
  return <code className="bg-muted text-fg rounded px-1.5 py-0.5 text-sm">{pathname}</code>;
}
