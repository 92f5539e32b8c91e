import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ContinueAsGuest } from '@/components/auth/continue-as-guest';
import { SessionRestore } from '@/components/auth/session-restore';
import { DayPreview } from '@/components/landing/day-preview';
import { SiteHeader } from '@/components/landing/site-header';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import type { IconKey } from '@/lib/icons/names';
import { routes } from '@/lib/navigation/routes';

const features: Array<{ key: 'fast' | 'offline' | 'private' | 'stats'; icon: IconKey }> = [
  { key: 'fast', icon: 'flame' },
  { key: 'offline', icon: 'offline' },
  { key: 'private', icon: 'lock' },
  { key: 'stats', icon: 'stats' },
];

/** The landing page: what the app is, and the three ways in. */
export default async function LandingPage() {
  const t = await getTranslations('landing');

  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(60rem_30rem_at_80%_-10%,color-mix(in_oklab,var(--ui-primary)_14%,transparent),transparent)]">
      <SessionRestore />
      <SiteHeader />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 desk:px-8">
        <section className="grid items-center gap-10 py-10 desk:grid-cols-[1.1fr_0.9fr] desk:py-20">
          <div>
            <p className="bg-primary-soft text-fg inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-medium">
              <Icon name="check" className="text-primary" />
              {t('eyebrow')}
            </p>
            <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance desk:text-5xl">
              {t('title')}
            </h1>
            <p className="text-fg-muted mt-5 max-w-xl text-lg text-pretty">{t('lead')}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <ContinueAsGuest />
              <Button asChild variant="secondary" size="lg">
                <Link href={routes.login}>
                  <Icon name="login" className="text-lg" />
                  {t('login')}
                </Link>
              </Button>
              <Button asChild variant="ghost" size="lg">
                <Link href={routes.register}>
                  <Icon name="register" className="text-lg" />
                  {t('register')}
                </Link>
              </Button>
            </div>
          </div>
          <DayPreview />
        </section>

        <section aria-labelledby="features" className="pb-16">
          <h2 id="features" className="text-2xl font-semibold tracking-tight">
            {t('featuresTitle')}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 desk:grid-cols-4">
            {features.map((feature) => (
              <li key={feature.key} className="border-border bg-surface rounded-3xl border p-5 shadow-sm">
                <span className="bg-primary-soft text-primary grid size-11 place-items-center rounded-xl text-2xl">
                  <Icon name={feature.icon} />
                </span>
                <h3 className="mt-4 font-semibold">{t(`features.${feature.key}Title`)}</h3>
                <p className="text-fg-muted mt-1.5 text-sm">{t(`features.${feature.key}Body`)}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="border-border text-fg-muted border-t py-6 text-center text-sm">{t('footer')}</footer>
    </div>
  );
}
