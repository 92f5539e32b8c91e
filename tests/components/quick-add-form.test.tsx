import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QuickAddEntryForm } from '@/components/diary/entry-forms';
import { QUICK_ADD_NAME } from '@/lib/diary/entry-name';
import { quickAddEntry } from '@/lib/diary/nutrition';
import { locales } from '@/lib/i18n/config';
import type { Entry } from '@/lib/schemas/entry';
import { messages, renderInDiary } from './render';

// The quick add's refusals, said under their fields in both languages (issue 48: a name typed past
// its limit stopped without a word). Logging a quick add into the day is the e2e tier's.

const LENGTH_LIMIT = { en: 'At most 120 characters', ru: 'Не больше 120 символов' } as const;

function renderQuickAdd(locale: (typeof locales)[number]) {
  const onSubmit = vi.fn<(entry: Entry) => void>();
  const t = messages[locale].diary;
  const view = renderInDiary(
    <QuickAddEntryForm
      initial={{ name: '', kcal: '', protein: '', fat: '', carbs: '' }}
      entryFor={({ name, nutrients, ...totals }, now) =>
        quickAddEntry(
          name || QUICK_ADD_NAME,
          totals,
          { id: crypto.randomUUID(), meal: 'lunch', now },
          nutrients,
        )
      }
      meal="lunch"
      onMealChange={() => {}}
      onSubmit={onSubmit}
      pending={false}
      error={null}
      submitLabel={t.logIt}
      submitIcon="bolt"
    />,
    { locale },
  );
  return { ...view, onSubmit, t };
}

describe.each(locales)('the quick add in %s', (locale) => {
  it('stops a name at 120 characters and says so, until it is shorter', async () => {
    const { user, t } = renderQuickAdd(locale);
    const name = screen.getByRole('textbox', { name: t.quickAddLabel });
    expect(screen.queryByTestId('length-limit')).toBeNull();
    await user.type(name, 'Борщ '.repeat(24) + 'со сметаной');
    expect((name as HTMLInputElement).value).toBe('Борщ '.repeat(24));
    expect(screen.getByTestId('length-limit').textContent).toBe(LENGTH_LIMIT[locale]);
    expect(name.getAttribute('aria-describedby')).toContain(screen.getByTestId('length-limit').id);
    await user.clear(name);
    await user.type(name, 'Борщ');
    expect(screen.queryByTestId('length-limit')).toBeNull();
  });

  it('refuses kcal past every limit with the entry’s kcal limit, and logs nothing', async () => {
    const { user, t, onSubmit } = renderQuickAdd(locale);
    const kcal = screen.getByLabelText(t.kcalShort, { exact: true });
    // Past the amount's own limit (100,000) as well as the entry's kcal limit (20,000): the lower
    // limit, the one that really applies, is the one named.
    await user.type(kcal, '150000');
    await user.click(screen.getByRole('button', { name: t.logIt }));
    const limit = screen.getByText((text) => text.startsWith(t.limits.kcal.split('{')[0]!));
    expect(limit.textContent).toMatch(/20[\s,.\u00a0\u202f]?000/);
    expect(kcal.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    // Within the limit it is logged, with the name a quick add has when none is typed.
    await user.clear(kcal);
    await user.type(kcal, '350');
    await user.click(screen.getByRole('button', { name: t.logIt }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ meal: 'lunch', name: QUICK_ADD_NAME });
  });
});
