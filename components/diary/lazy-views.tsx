'use client';

import dynamic from 'next/dynamic';
import { useEffect, type ComponentType } from 'react';
import { expectLateContent, lateContentShown } from '@/lib/idle';
import { routes } from '@/lib/routes';
import { BlockSkeleton, DashboardSkeleton } from './skeletons';

/*
 * The diary's page views. Guest data lives only in the browser, so these render nothing useful
 * on the server: the server sends a skeleton of the right shape, and the view (with React
 * Query, the guest repository and zod) loads right after the page, outside its first-load
 * scripts. An account's repository loads from the view (lib/repositories/repository-context):
 * importing it here as well, in parallel, let Turbopack evaluate the API repository before a
 * module it needs had arrived.
 */

/** A loader that runs once: the page's module starts it, and the dynamic view reuses its promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

/**
 * Loads a view's module once, and answers its component wrapped to tell lib/idle when it is on
 * screen, so the work waiting for the page's content can start.
 */
function viewLoader<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return once(() =>
    load().then(
      ({ default: View }) =>
        function AnnouncedView(props: P) {
          useEffect(lateContentShown, []);
          return <View {...props} />;
        },
    ),
  );
}

const loadDashboard = viewLoader(async () => {
  const view = await import('./dashboard-view');
  await view.preloadDashboard();
  return view;
});
const loadFoodLibrary = viewLoader(() => import('@/components/food/food-library'));
const loadStats = viewLoader(() => import('@/components/stats/stats-view'));
const loadSettings = viewLoader(() => import('@/components/settings/settings-panels'));

// The view of the page being opened starts loading as soon as this module runs, while the page
// hydrates, instead of when React first renders the dynamic component: one round trip sooner.
const loaderOfPath: Record<string, () => Promise<unknown>> = {
  [routes.dashboard]: loadDashboard,
  [routes.food]: loadFoodLibrary,
  [routes.stats]: loadStats,
  [routes.settings]: loadSettings,
};
const loadViewOfThisPage = typeof window === 'undefined' ? undefined : loaderOfPath[window.location.pathname];
if (loadViewOfThisPage) {
  expectLateContent();
  void loadViewOfThisPage().catch(() => undefined);
}

export const DashboardView = dynamic(loadDashboard, { ssr: false, loading: DashboardSkeleton });
export const FoodLibraryView = dynamic(loadFoodLibrary, { ssr: false, loading: BlockSkeleton });
export const StatsView = dynamic(loadStats, { ssr: false, loading: BlockSkeleton });
export const SettingsView = dynamic(loadSettings, { ssr: false, loading: BlockSkeleton });
