'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useSettings } from '@/lib/queries/use-diary';

// Both forms validate with zod; they load right after the page rather than with it.
const GoalSettings = dynamic(() => import('./goal-settings').then((module) => module.GoalSettings), {
  ssr: false,
});
const DataSettings = dynamic(() => import('./data-settings').then((module) => module.DataSettings), {
  ssr: false,
});

export function SettingsCard({
  title,
  lead,
  id,
  children,
}: {
  title: string;
  lead?: string;
  id?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className="border-border bg-surface rounded-3xl border p-5 shadow-sm desk:p-6">
      <h2 className="text-base font-semibold">{title}</h2>
      {lead ? <p className="text-fg-muted mt-1 text-sm">{lead}</p> : null}
      <div className="mt-4 grid gap-5">{children}</div>
    </section>
  );
}

/** The parts of settings that live in the diary's storage: profile, goal and calculator, data. */
export function SettingsPanels() {
  const t = useTranslations('settings');
  const settings = useSettings();
  if (!settings.data) return <div className="bg-muted h-64 animate-pulse rounded-3xl" aria-hidden="true" />;
  return (
    <>
      <SettingsCard title={t('goal')}>
        <GoalSettings key={settings.data.updatedAt} settings={settings.data} />
      </SettingsCard>
      <SettingsCard title={t('data')} id="data">
        <DataSettings settings={settings.data} />
      </SettingsCard>
    </>
  );
}
