'use client';

import { Command, defaultFilter, useCommandState } from 'cmdk';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useEffect, useState, type ReactNode } from 'react';
import { navItems } from '@/components/layout/nav-items';
import { Icon } from '@/components/ui/icon';
import { locales } from '@/lib/i18n/config';
import type { IconKey } from '@/lib/icons/names';
import { LIMITS } from '@/lib/limits';
import { useLanguage } from '@/lib/preferences/language';
import { useThemePreference } from '@/lib/preferences/theme';
import { routes } from '@/lib/navigation/routes';
import { themes } from '@/lib/preferences/themes';
import type { Food } from '@/lib/schemas/food';
import { DiaryDataProvider, useFoods } from '@/lib/data';
import { currentSessionState, logOut } from '@/lib/session/client';
import { requestAddFood } from '@/lib/ui/add-food-request';

const flags = { en: 'flagEn', ru: 'flagRu' } as const;

type PaletteProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Ctrl/Cmd+K: go to a page, find a food and log it, switch theme or language, log out. */
export function CommandPalette({ open, onOpenChange }: PaletteProps) {
  const t = useTranslations('palette');
  const tNav = useTranslations('nav');
  const tTheme = useTranslations('theme');
  const tLanguage = useTranslations('language');
  const router = useRouter();
  const { setTheme } = useThemePreference();
  const { language: locale, setLanguage } = useLanguage();

  // Food search needs a diary: a guest's or an account's, whichever this session has.
  const [hasDiary, setHasDiary] = useState(false);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the session is only known in the browser
    if (open) setHasDiary(currentSessionState() !== 'none');
  }, [open]);

  const [search, setSearch] = useState('');
  // The palette stays mounted between openings: each one starts with an empty field, so the
  // next command is not typed onto the last one ("add foodbanana").
  const [seenOpen, setSeenOpen] = useState(open);
  if (open !== seenOpen) {
    setSeenOpen(open);
    if (open) setSearch('');
  }
  const query = search.trim().slice(0, LIMITS.nameLength.max);
  /** The add dialog on the meal of the hour, searching own foods and the catalog for `text`. */
  const logFood = (text: string) =>
    run(() => {
      // Today's diary, already showing, opens its dialog itself; any other page goes there.
      if (requestAddFood(text)) return;
      router.push(`${routes.dashboard}?add=1${text ? `&q=${encodeURIComponent(text)}` : ''}`);
    });

  function run(action: () => void) {
    onOpenChange(false);
    action();
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-sm" />
        <Dialog.Content
          aria-describedby={undefined}
          className="bg-surface border-border fixed top-[12vh] left-1/2 z-50 w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-2xl border shadow-2xl outline-none"
        >
          <Dialog.Title className="sr-only">{t('title')}</Dialog.Title>
          <Command label={t('title')} loop filter={paletteFilter}>
            <div className="border-border flex items-center gap-3 border-b px-4">
              <Icon name="search" className="text-fg-muted text-xl" />
              <Command.Input
                autoFocus
                value={search}
                onValueChange={setSearch}
                placeholder={t('placeholder')}
                className="placeholder:text-fg-muted h-14 flex-1 bg-transparent text-base outline-none"
              />
            </div>
            <Command.List label={t('suggestions')} className="max-h-[min(24rem,60vh)] overflow-y-auto p-2">
              <NoMatch offersLog={hasDiary && query !== ''} />
              <Group heading={t('pages')}>
                {navItems.map((item) => (
                  <Item
                    key={item.href}
                    icon={item.icon}
                    value={`go ${tNav(item.label)} ${item.href}`}
                    onSelect={() => run(() => router.push(item.href))}
                  >
                    {tNav(item.label)}
                  </Item>
                ))}
              </Group>
              <Group heading={t('foods')}>
                <Item icon="plus" value={`add ${t('addFood')}`} onSelect={() => logFood('')}>
                  {t('addFood')}
                </Item>
                {hasDiary && query ? (
                  // Whatever was typed, looked up in the add dialog over own foods and the whole
                  // catalog (paletteFilter keeps this item for any text, after the others).
                  <Item icon="search" value={LOG_SEARCH_VALUE} onSelect={() => logFood(query)}>
                    {t('logSearch', { query })}
                  </Item>
                ) : null}
                {hasDiary ? (
                  <DiaryDataProvider>
                    <FoodItems onLog={(food) => logFood(food.name)} />
                  </DiaryDataProvider>
                ) : null}
              </Group>
              <Group heading={t('theme')}>
                {themes.map((theme) => (
                  <Item
                    key={theme}
                    icon={theme}
                    value={`theme ${tTheme(theme)} ${theme}`}
                    onSelect={() => run(() => setTheme(theme))}
                  >
                    {t('switchTheme', { theme: tTheme(theme) })}
                  </Item>
                ))}
              </Group>
              <Group heading={t('language')}>
                {locales
                  .filter((option) => option !== locale)
                  .map((option) => (
                    <Item
                      key={option}
                      icon={flags[option]}
                      value={`language ${tLanguage(option)} ${option}`}
                      onSelect={() => run(() => setLanguage(option))}
                    >
                      {t('switchLanguage', { language: tLanguage(option) })}
                    </Item>
                  ))}
              </Group>
              <Group heading={t('session')}>
                <Item
                  icon="logout"
                  value={`logout ${tNav('logout')}`}
                  onSelect={() => run(() => void logOut())}
                >
                  {tNav('logout')}
                </Item>
              </Group>
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The item that searches every food for what was typed: it matches any text. */
const LOG_SEARCH_VALUE = 'log-search';

/**
 * cmdk's own ranking, with the "Log …" item kept and always last: it matches whatever is
 * typed, so a command or a food that really matches comes first and takes Enter.
 */
function paletteFilter(value: string, search: string, keywords?: string[]): number {
  return value === LOG_SEARCH_VALUE ? Number.MIN_VALUE : defaultFilter(value, search, keywords);
}

/**
 * The seed's "No matching data" when nothing matches what was typed. The "Log …" item matches
 * any text, so it does not count: gibberish still says there is no such command or food of
 * yours, with the catalog search offered below.
 */
function NoMatch({ offersLog }: { offersLog: boolean }) {
  const t = useTranslations('palette');
  const matches = useCommandState((state) => state.filtered.count);
  if (matches > (offersLog ? 1 : 0)) return null;
  return (
    <p role="status" className="text-fg-muted py-8 text-center text-sm">
      {t('empty')}
    </p>
  );
}

/** The session's own foods (guest or account, through the data layer), each a "log it" command. */
function FoodItems({ onLog }: { onLog: (food: Food) => void }) {
  const t = useTranslations('palette');
  const foods = useFoods().data ?? [];
  return foods.map((food) => (
    <Item
      key={food.id}
      icon="food"
      value={`food ${food.name} ${food.brand ?? ''} ${food.id}`}
      onSelect={() => onLog(food)}
    >
      {t('logFood', { name: food.brand ? `${food.name} (${food.brand})` : food.name })}
    </Item>
  ));
}

function Group({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Command.Group
      heading={heading}
      className="[&_[cmdk-group-heading]]:text-fg-muted [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:uppercase"
    >
      {children}
    </Command.Group>
  );
}

type ItemProps = { icon: IconKey; value: string; onSelect: () => void; children: ReactNode };

function Item({ icon, value, onSelect, children }: ItemProps) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      className="data-[selected=true]:bg-muted flex h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-sm"
    >
      <Icon name={icon} className="text-fg-muted text-lg" />
      {children}
    </Command.Item>
  );
}
