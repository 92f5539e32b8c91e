import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StepsCard } from '@/components/diary/steps-card';
import { locales } from '@/lib/i18n/config';
import { useDay } from '@/lib/data';
import { LIMITS } from '@/lib/limits';
import { fill, messages, renderInDiary } from './render';

const DATE = '2026-12-07';
const stored = () => localStorage.getItem(`dashboard-${DATE}`);
const number = (locale: string, value: number) => value.toLocaleString(locale === 'ru' ? 'ru-RU' : 'en-IE');

/** The card as the dashboard gives it its day's steps. */
function StepsOfTheDay() {
  const day = useDay(DATE);
  return <StepsCard date={DATE} steps={day.data?.details?.steps ?? null} />;
}

describe.each(locales)("the day's steps in %s", (locale) => {
  const t = messages[locale].diary.steps;

  it('are typed with their thousands grouped, saved with Enter, and shown against the goal', async () => {
    const { user } = renderInDiary(<StepsOfTheDay />, { locale });
    await waitFor(() => expect(screen.getByTestId('day-steps').textContent).toBe(t.none));
    expect(screen.getByTestId('steps-goal').textContent).toBe(fill(t.goal, { goal: number(locale, 10_000) }));
    const field = screen.getByRole('textbox', { name: t.type });
    await user.type(field, '12 345{Enter}');
    await waitFor(() => expect(JSON.parse(stored()!).details).toEqual({ steps: 12_345 }));
    const shown = screen.getByTestId('day-steps').textContent!;
    expect(shown.replace(/\D/g, '')).toBe('12345');
    expect(shown).toMatch(locale === 'ru' ? /шагов$/ : /steps$/);
    expect(screen.getByRole('progressbar', { name: t.progress }).getAttribute('aria-valuenow')).toBe('10000');
    // Emptied, the day has none.
    await user.clear(field);
    await user.tab();
    await waitFor(() => expect(JSON.parse(stored()!)).not.toHaveProperty('details'));
  });

  it('keep a figure that is no count, or past the limit, in the field with what to change', async () => {
    const { user } = renderInDiary(<StepsCard date={DATE} steps={null} />, { locale });
    const field = screen.getByRole('textbox', { name: t.type });
    await user.type(field, '12k{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(t.notCount);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.clear(field);
    await user.type(field, String(LIMITS.daySteps.max + 1));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(
      fill(t.range, { min: number(locale, 0), max: number(locale, LIMITS.daySteps.max) }),
    );
    expect((field as HTMLInputElement).value).toBe(String(LIMITS.daySteps.max + 1));
    expect(stored()).toBeNull();
    // Escape puts the saved figure back.
    await user.keyboard('{Escape}');
    expect((field as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
