import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExpenditureCard } from '@/components/stats/expenditure-card';
import { addDays } from '@/lib/diary/dates';
import { expenditureHistory, goalForRate, KCAL_PER_KG, NEEDS } from '@/lib/diary/expenditure';
import { locales } from '@/lib/i18n/config';
import { HISTORY_WEEKS } from '@/lib/hooks/use-expenditure';
import { SETTINGS_KEY } from '@/lib/data/guest/storage-keys';
import { fill, messages, renderInDiary } from './render';

// The expenditure card as a user reads it, in both languages: what it still needs, then four
// weeks of about 2,000 kcal a day while the weight falls, learnt as about 2,500 kcal, and the goal
// for losing 0.5 kg a week made the diary's. The stats page it sits on, for a guest and an account,
// is the e2e tier's (tests/e2e/expenditure.spec.ts).

const TODAY = '2026-12-06';

/** Four weeks up to TODAY at a true expenditure of 2,500 kcal, deterministic (as the e2e's). */
function fourWeeks() {
  const intake = [];
  const weights = [];
  let tissue = 82;
  for (let back = 27; back >= 0; back--) {
    const date = addDays(TODAY, -back);
    const kcal = 2000 + (((back * 37) % 7) - 3) * 60;
    weights.push({ date, weight: Math.round((tissue + (((back * 53) % 5) - 2) * 0.15) * 10) / 10 });
    intake.push({ date, kcal, logged: true });
    tissue += (kcal - 2500) / KCAL_PER_KG;
  }
  return expenditureHistory(intake, weights, TODAY, HISTORY_WEEKS);
}

/** The numbers of a text, its thousands separators (",", spaces) read away. */
const numbersIn = (text: string) =>
  (text.replace(/(\d)[,\s\u00a0\u202f](?=\d{3})/g, '$1').match(/\d+/g) ?? []).map(Number);

describe.each(locales)('the expenditure card in %s', (locale) => {
  const t = messages[locale].stats.expenditure;

  it('says what it still needs before there is enough', () => {
    renderInDiary(<ExpenditureCard history={expenditureHistory([], [], TODAY, HISTORY_WEEKS)} />, { locale });
    const needs = screen.getByTestId('expenditure-needs');
    expect(needs.textContent).toContain(t.needs.loggedDays);
    expect(needs.textContent).toContain(fill(t.progress, { have: 0, need: NEEDS.loggedDays }));
  });

  it('shows the estimate, its interval and confidence, and makes the goal for −0.5 kg a week the diary’s', async () => {
    const history = fourWeeks();
    const estimate = history.at(-1)!.estimate;
    if (!estimate.ok) throw new Error('four weeks must be enough');
    expect(Math.abs(estimate.kcal - 2500)).toBeLessThanOrEqual(100);
    const { user } = renderInDiary(<ExpenditureCard history={history} />, { locale });
    const card = screen.getByTestId('expenditure');
    expect(numbersIn(screen.getByTestId('expenditure-kcal').textContent!)).toEqual([estimate.kcal]);
    expect(numbersIn(screen.getByTestId('expenditure-interval').textContent!)).toEqual([
      estimate.low,
      estimate.high,
    ]);
    expect(screen.getByTestId('expenditure-confidence').textContent).toBe(t.confidence[estimate.confidence]);

    // Losing 0.5 kg a week is offered first.
    const goal = goalForRate(estimate.kcal, -0.5, null);
    const rate = within(card).getByRole('radio', { name: locale === 'en' ? /Lose 0\.5 kg/ : /−0,5 кг/ });
    expect(rate.getAttribute('aria-checked')).toBe('true');
    expect(numbersIn(screen.getByTestId('expenditure-goal').textContent!.split('.')[0]!)[0]).toBe(goal);
    await user.click(await within(card).findByRole('button', { name: t.useGoal }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(SETTINGS_KEY)!).currentGoal).toBe(goal));
    await waitFor(() => expect(within(card).queryByRole('button', { name: t.useGoal })).toBeNull());
  });
});
