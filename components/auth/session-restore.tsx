'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { routes } from '@/lib/navigation/routes';
import { restoreSession } from '@/lib/session/client';

/**
 * At start the seed restores the session from localStorage. When the browser still holds a
 * guest session whose cookie is gone, this puts the cookie back and goes on to the diary.
 */
export function SessionRestore() {
  const router = useRouter();
  useEffect(() => {
    if (restoreSession() !== 'none') router.replace(routes.dashboard);
  }, [router]);
  return null;
}
