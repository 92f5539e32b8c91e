'use client';

import { AccountOffer } from '@/components/auth/account-offer';
import { useTranslations } from 'next-intl';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { DiaryData } from '@/components/layout/diary-data';
import { BlockSkeleton } from '@/components/diary/skeletons';
import { Icon } from '@/components/ui/icon';
import { guestDiaryHere, useDataMode, useDays, useSettings } from '@/lib/data';
import { LAST_WEIGHT_DAYS } from '@/lib/hooks/use-last-logged-weight';
import { addDays, todayIso } from '@/lib/diary/dates';
import { useFollowSettings } from '@/lib/preferences/from-settings';
import { useCalm } from '@/lib/hooks/use-calm';
import type { SessionState } from '@/lib/session/state';
import { BottomNavToggle } from './bottom-nav-toggle';
import { CalmModeToggle } from './calm-mode-toggle';
import type { SaveStatus } from './goal-settings';
import { LanguageSwitcher } from './language-switcher';
import { OfflineStatus } from './offline-status';
import { ReminderSettings } from './reminder-settings';
import { SettingsCard } from './settings-card';
import { NutrientTargetSettings } from './nutrient-target-settings';
import { UnitSettings } from './unit-settings';
import { ActivitySettings } from './activity-settings';
import { MacroTargetSettings } from './macro-target-settings';
import { StepsSettings } from './steps-settings';
import { MealSettings } from './meal-settings';
import { WaterSettings } from './water-settings';
import { WeekdayGoalSettings } from './weekday-goal-settings';
import { ThemeSwitcher } from './theme-switcher';

// The forms (zod, the calculator, import and export) load right after the page rather than with
// it. One Suspense boundary waits for all of them, so the page appears once, whole: loaded one
// by one, each pushed the cards below it down (CLS 0.90 on a phone).
const GoalSettings = lazy(() =>
  import('./goal-settings').then((module) => ({ default: module.GoalSettings })),
);
const DataSettings = lazy(() =>
  import('./data-settings').then((module) => ({ default: module.DataSettings })),
);
const AccountSettings = lazy(() =>
  import('./account-settings').then((module) => ({ default: module.AccountSettings })),
);
const TokenSettings = lazy(() =>
  import('./token-settings').then((module) => ({ default: module.TokenSettings })),
);
const GuestImportOffer = lazy(() =>
  import('@/components/auth/guest-import-offer').then((module) => ({ default: module.GuestImportOffer })),
);

/**
 * The settings page's content: goal and calculator, appearance, data, account, offline use and
 * the session. All of it renders in the browser, at once, in place of one skeleton that nothing
 * follows, so loading moves nothing on the page.
 */
export default function SettingsView({ bottomNav, session }: { bottomNav: boolean; session: SessionState }) {
  return (
    <DiaryData>
      <Suspense fallback={<BlockSkeleton />}>
        <SettingsPanels bottomNav={bottomNav} session={session} />
      </Suspense>
    </DiaryData>
  );
}

const statusTone = {
  idle: 'muted',
  saving: 'muted',
  saved: 'ok',
  notSaved: 'error',
  failed: 'error',
} as const satisfies Record<SaveStatus, 'muted' | 'ok' | 'error'>;

function SettingsPanels({ bottomNav, session }: { bottomNav: boolean; session: SessionState }) {
  const t = useTranslations('settings');
  const tPage = useTranslations('pages.settings');
  const settings = useSettings();
  const mode = useDataMode();
  const queryClient = useQueryClient();
  const followSettings = useFollowSettings();
  const isAccount = mode === 'account';
  // Calm mode leaves out what is set in energy: the goals, their calculator and the budget.
  const calm = useCalm();
  const [status, setStatus] = useState<SaveStatus>('idle');
  // A guest diary left in this browser can still be brought into the account from here. Read
  // while rendering (this view renders only in the browser), so the card is there from the start.
  const [offerDismissed, setOfferDismissed] = useState(false);
  const offerGuestDiary = useMemo(
    () => isAccount && !offerDismissed && guestDiaryHere(),
    [isAccount, offerDismissed],
  );

  // Without a weight in the profile, the form offers the diary's latest one: its line is part of
  // the first paint, not something that arrives later and pushes the cards below it down.
  const today = todayIso();
  const weightUnset = settings.data?.weight === null;
  const recentDays = useDays(addDays(today, -LAST_WEIGHT_DAYS + 1), today, weightUnset);

  if (!settings.data || (weightUnset && recentDays.isPending)) return <BlockSkeleton />;
  return (
    <div className="grid gap-6">
      {offerGuestDiary ? (
        <SettingsCard title={t('account.guestDiary')}>
          <GuestImportOffer
            headingLevel="h3"
            onDone={(imported, settingsTaken) => {
              setOfferDismissed(true);
              if (imported) void queryClient.invalidateQueries();
              if (settingsTaken) followSettings(settingsTaken);
            }}
          />
        </SettingsCard>
      ) : null}
      <SettingsCard
        title={t(calm ? 'profileCalm' : 'profile')}
        lead={t('savesItself')}
        status={
          status === 'idle'
            ? null
            : { text: status === 'failed' ? t('saveFailed') : t(status), tone: statusTone[status] }
        }
      >
        <GoalSettings settings={settings.data} onStatus={setStatus} calm={calm} />
      </SettingsCard>
      {calm ? null : (
        <>
          <SettingsCard title={t('weekdayGoals.title')} lead={t('weekdayGoals.lead')} id="weekday-goals">
            <WeekdayGoalSettings />
          </SettingsCard>
          <SettingsCard title={t('macroTargets.title')} lead={t('macroTargets.lead')} id="macros">
            <MacroTargetSettings />
          </SettingsCard>
        </>
      )}
      <SettingsCard title={t('meals.title')} lead={t('meals.lead')} id="meals">
        <MealSettings />
      </SettingsCard>
      <SettingsCard title={t('nutrientTargets.title')} id="nutrients">
        <NutrientTargetSettings />
      </SettingsCard>
      <SettingsCard title={t('water.title')} id="water">
        <WaterSettings />
      </SettingsCard>
      <SettingsCard title={t('steps.title')} id="steps">
        <StepsSettings />
      </SettingsCard>
      {calm ? null : (
        <SettingsCard title={t('activityBudget.title')} lead={t('activityBudget.lead')} id="activity">
          <ActivitySettings />
        </SettingsCard>
      )}
      <SettingsCard title={tPage('appearance')} lead={tPage('appearanceLead')}>
        <Row label={tPage('language')}>
          <LanguageSwitcher />
        </Row>
        <Row label={tPage('theme')}>
          <ThemeSwitcher />
        </Row>
        <CalmModeToggle settings={settings.data} />
        <BottomNavToggle initial={bottomNav} label={tPage('bottomNav')} hint={tPage('bottomNavHint')} />
        <UnitSettings calm={calm} />
      </SettingsCard>
      <SettingsCard title={t('reminders.title')} lead={t('reminders.lead')} id="reminders">
        <ReminderSettings />
      </SettingsCard>
      <SettingsCard title={t('data')} id="data">
        <DataSettings settings={settings.data} />
      </SettingsCard>
      {/* Account management last: people come here for their goal and preferences far more often. */}
      {isAccount ? (
        <SettingsCard title={t('account.title')} id="account">
          <AccountSettings email={settings.data.email} />
        </SettingsCard>
      ) : null}
      {isAccount ? (
        <SettingsCard title={t('tokens.title')} lead={t('tokens.lead')} id="tokens">
          <TokenSettings />
        </SettingsCard>
      ) : null}
      {mode === 'guest' ? (
        <SettingsCard title={t('account.guestTitle')} lead={t('account.guestLead')} id="account">
          <AccountOffer />
        </SettingsCard>
      ) : null}
      <SettingsCard title={tPage('offline')}>
        <OfflineStatus session={session} />
      </SettingsCard>
      <SettingsCard title={tPage('session')}>
        <p className="flex items-start gap-2 text-sm">
          <Icon name={session === 'account' ? 'lock' : 'user'} className="text-fg-muted mt-0.5 text-lg" />
          {session === 'account' ? tPage('accountSession') : tPage('guestSession')}
        </p>
      </SettingsCard>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <span className="font-medium">{label}</span>
      {children}
    </div>
  );
}
