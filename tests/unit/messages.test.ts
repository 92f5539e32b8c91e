import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';

type Tree = { [key: string]: string | Tree };

function flatKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : flatKeys(value, `${prefix}${key}.`),
  );
}

function placeholders(message: string): string[] {
  // An argument is `{name}` or `{name, plural, ...}`; plural branches such as `{# entries}` are not.
  return [...new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]!))].sort();
}

describe('messages', () => {
  it('has the same keys in English and Russian', () => {
    expect(flatKeys(ru as Tree).sort()).toEqual(flatKeys(en as Tree).sort());
  });

  it('uses the same placeholders in both languages', () => {
    const ruTree = ru as Tree;
    for (const key of flatKeys(en as Tree)) {
      const enMessage = key
        .split('.')
        .reduce<Tree | string>((node, part) => (node as Tree)[part]!, en as Tree);
      const ruMessage = key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part]!, ruTree);
      expect(placeholders(ruMessage as string), key).toEqual(placeholders(enMessage as string));
    }
  });

  it('has no empty message', () => {
    for (const tree of [en, ru] as Tree[]) {
      for (const key of flatKeys(tree)) {
        const message = key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part]!, tree);
        expect((message as string).trim(), key).not.toBe('');
      }
    }
  });

  it('declines Russian plurals by ICU rules', () => {
    const t = createTranslator({ locale: 'ru', messages: ru, namespace: 'diary' });
    expect(t('entries', { count: 0 })).toBe('Пока нет записей');
    expect(t('entries', { count: 1 })).toBe('1 запись');
    expect(t('entries', { count: 3 })).toBe('3 записи');
    expect(t('entries', { count: 5 })).toBe('5 записей');
    expect(t('entries', { count: 21 })).toBe('21 запись');
    expect(t('entries', { count: 12 })).toBe('12 записей');
  });

  it('keeps the seed English strings for the shared controls', () => {
    const t = createTranslator({ locale: 'en', messages: en, namespace: 'ui' });
    expect(t('noMatchingData')).toBe('No matching data');
    expect(t('create', { label: 'Kefir' })).toBe('Create "Kefir"');
    expect(t('goToSlide', { slide: 2 })).toBe('Go to slide 2');
    expect(createTranslator({ locale: 'en', messages: en, namespace: 'palette' })('placeholder')).toBe(
      'Type a command or search...',
    );
  });

  it('groups the counts of an import plan and a skipped list the locale’s way', () => {
    const t = createTranslator({ locale: 'ru', messages: ru, namespace: 'settings' });
    const plan = t('importers.planDiary', {
      foodsAdded: 0,
      foodsUpdated: 0,
      daysAdded: 1200,
      daysUpdated: 0,
      entriesAdded: 2564,
      entriesUpdated: 0,
    });
    // Russian groups thousands with a no-break space: 2 564, never 2564.
    expect(plan).toMatch(/новых 2\u00a0564/);
    expect(t('importers.skippedMore', { count: 12345 })).toBe('… и ещё 12\u00a0345');
  });
});
