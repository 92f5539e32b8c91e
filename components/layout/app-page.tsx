import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { BackButton } from '@/components/ui/back-button';
import { cn } from '@/lib/ui/cn';
import { routes } from '@/lib/navigation/routes';
import { parseSessionState, SESSION_STATE_COOKIE } from '@/lib/session/state';
import { MobileMenu } from './mobile-menu';
import { PaletteButton } from './palette-button';

type AppPageProps = {
  title: string;
  /**
   * On a phone, /food, /stats and /settings use app-returnable: a back arrow to the dashboard
   * instead of the menu. /dashboard always uses app-main. CSS picks the bar at 756 px.
   */
  returnable?: boolean;
  actions?: ReactNode;
  children: ReactNode;
};

/** One page of the signed-in app: its top bar and its main area. */
export async function AppPage({ title, returnable = false, actions, children }: AppPageProps) {
  const t = await getTranslations('nav');
  // The phone menu offers a guest an account and an account its log-out.
  const session = parseSessionState((await cookies()).get(SESSION_STATE_COOKIE)?.value);
  return (
    <>
      <header
        data-layout={returnable ? 'app-returnable' : 'app-main'}
        className="border-border bg-bg/90 sticky top-0 z-30 flex h-16 items-center gap-2 border-b px-4 backdrop-blur desk:px-8 print:hidden"
      >
        {returnable ? (
          <BackButton
            href={routes.dashboard}
            label={t('back')}
            compact
            data-testid="back-link"
            className="desk:hidden"
          />
        ) : (
          <div className="desk:hidden">
            <MobileMenu session={session} />
          </div>
        )}
        <h1 className="min-w-0 flex-1 truncate text-lg font-semibold tracking-tight desk:text-xl">{title}</h1>
        {actions}
        <PaletteButton />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={cn(
          'mx-auto w-full max-w-5xl flex-1 px-4 pt-6 pb-8 outline-none desk:px-8',
          // Room for the bottom navigation bar while it is on (phones only).
          'max-desk:group-data-[bottom-nav=on]/shell:pb-28',
        )}
      >
        {children}
      </main>
    </>
  );
}
