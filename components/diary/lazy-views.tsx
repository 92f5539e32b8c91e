'use client';

import dynamic from 'next/dynamic';
import {
  startTransition,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import { expectLateContent, lateContentShown } from '@/lib/browser/idle';
import { routes } from '@/lib/navigation/routes';
import type Dashboard from './dashboard-view';
import { BlockSkeleton } from './skeletons';

/*
 * The diary's page views. Guest data lives only in the browser, so these render nothing useful
 * on the server: the server sends a skeleton of the right shape (for a guest's dashboard, with
 * the day's figures painted in by an inline script), and the view (with React Query, the guest
 * repository and zod) loads right after the page, outside its first-load scripts. An account's
 * repository loads from the view (lib/data/repository-context): importing it here as
 * well, in parallel, let Turbopack evaluate the API repository before a module it needs had
 * arrived.
 */

/** A loader that runs once: the page's module starts it, and the dynamic view reuses its promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

/**
 * Loads a view's module once, and answers its component wrapped to tell lib/browser/idle when it is on
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
/** Reads the settings after the view's code (which brings the data layer): calm mode decides what it shows. */
async function preloadSettings(): Promise<void> {
  const data = await import('@/lib/data');
  await data.preloadSettings();
}

const loadFoodLibrary = viewLoader(async () => {
  const view = await import('@/components/food/food-library');
  await preloadSettings();
  return view;
});
const loadStats = viewLoader(async () => {
  const view = await import('@/components/stats/stats-view');
  await view.preloadStats();
  return view;
});
const loadSettings = viewLoader(() => import('@/components/settings/settings-panels'));
const loadReport = viewLoader(async () => {
  const view = await import('@/components/report/report-view');
  await preloadSettings();
  return view;
});

// The view of the page being opened starts loading as soon as this module runs, while the page
// hydrates, instead of when React first renders the dynamic component: one round trip sooner.
const loaderOfPath: Record<string, () => Promise<unknown>> = {
  [routes.dashboard]: loadDashboard,
  [routes.food]: loadFoodLibrary,
  [routes.stats]: loadStats,
  [routes.settings]: loadSettings,
  [routes.report]: loadReport,
};
const loadViewOfThisPage = typeof window === 'undefined' ? undefined : loaderOfPath[window.location.pathname];
if (loadViewOfThisPage) {
  expectLateContent();
  void loadViewOfThisPage().catch(() => undefined);
}

type DashboardProps = ComponentProps<typeof Dashboard>;

/**
 * The dashboard view in place of the server's `placeholder` (a guest's first paint, with the
 * day's figures already filled in by its inline script, or a skeleton). The placeholder is the
 * page's own HTML, hydrated as it is, and stays until the view's code and data are in. No
 * Suspense boundary on purpose: React's server renderer sends a large boundary's fallback first
 * and its content later, which doubled the first paint, and a fallback rendered in the browser
 * would replace the painted figures with empty ones.
 */
export function DashboardView({ placeholder, ...props }: DashboardProps & { placeholder: ReactNode }) {
  const [View, setView] = useState<ComponentType<DashboardProps> | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    let current = true;
    loadDashboard().then(
      // A transition lets React render the view in slices, yielding to the browser between
      // them, instead of in one long task that would hold up taps and scrolling.
      (loaded) => current && startTransition(() => setView(() => loaded)),
      (error: unknown) => current && setFailure(error ?? new Error('The dashboard failed to load')),
    );
    return () => {
      current = false;
    };
  }, []);
  // A chunk that failed to load reaches the error page, as with next/dynamic.
  if (failure) throw failure;
  return View ? <View {...props} /> : placeholder;
}
export const FoodLibraryView = dynamic(loadFoodLibrary, { ssr: false, loading: BlockSkeleton });
export const StatsView = dynamic(loadStats, { ssr: false, loading: BlockSkeleton });
export const SettingsView = dynamic(loadSettings, { ssr: false, loading: BlockSkeleton });
export const ReportView = dynamic(loadReport, { ssr: false, loading: BlockSkeleton });
