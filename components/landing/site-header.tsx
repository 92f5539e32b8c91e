import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { LanguageSwitcher } from '@/components/settings/language-switcher';
import { ThemeSwitcher } from '@/components/settings/theme-switcher';
import { Icon } from '@/components/ui/icon';
import { routes } from '@/lib/navigation/routes';

/** The top bar of the public pages: the app's name, language, theme. */
export async function SiteHeader() {
  const t = await getTranslations('app');
  return (
    <header className="mx-auto flex h-16 w-full max-w-6xl items-center gap-3 px-4 desk:px-8">
      <Link
        href={routes.home}
        aria-label={t('name')}
        className="mr-auto flex items-center gap-2.5 rounded-lg font-semibold tracking-tight"
      >
        <span className="bg-primary text-on-primary grid size-9 place-items-center rounded-xl text-xl">
          <Icon name="logo" />
        </span>
        <span className="hidden sm:inline" aria-hidden="true">
          {t('name')}
        </span>
      </Link>
      <LanguageSwitcher compact />
      <ThemeSwitcher compact />
    </header>
  );
}
