'use client';

import type { ReactNode } from 'react';
import { SettingsEffects } from '@/components/settings/settings-effects';
import { DiaryDataProvider } from '@/lib/data';
import { SyncBar } from './sync-bar';

/**
 * The data of the diary (React Query over the repository) around one page's content. It comes
 * with the lazily loaded page views (components/diary/lazy-views.tsx), so React Query is not
 * part of any page's first load; the client and the repository are shared across pages.
 */
export function DiaryData({ children }: { children: ReactNode }) {
  return (
    <DiaryDataProvider>
      <SyncBar />
      {children}
      <SettingsEffects />
    </DiaryDataProvider>
  );
}
