'use client';

import { useEffect } from 'react';
import { apiRequest } from '@/lib/api-client';
import { fullPageLoad } from '@/lib/full-page-load';
import { routes } from '@/lib/routes';
import { endBrowserSession } from '@/lib/session/client';

/** Ends the session in the browser and on the server, then returns to the start page. */
export function LogoutRunner() {
  useEffect(() => {
    endBrowserSession();
    // Revokes an account session on the server; a guest has none, and offline it cannot be
    // reached, so a failure here must not keep the user on this page.
    void apiRequest('POST', '/auth/logout')
      .catch(() => undefined)
      .finally(() => fullPageLoad(routes.home, { replace: true }));
  }, []);

  return null;
}
