import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MealSettings } from '@/components/settings/meal-settings';
import { SETTINGS_KEY } from '@/lib/data/guest/storage-keys';
import { locales } from '@/lib/i18n/config';
import { LIMITS } from '@/lib/limits';
import { fill, messages, renderInDiary } from './render';

const savedMeals = () => JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}').meals ?? null;
const ids = () =>
  screen
    .getAllByTestId(/^meal-setting-/)
    .map((row) => row.getAttribute('data-testid')!.replace('meal-setting-', ''));

describe.each(locales)('the meals in the settings, in %s', (locale) => {
  const t = messages[locale].settings.meals;
  const names = messages[locale].diary.meals;

  it('renames a meal, gives it its own name back when emptied, and moves it', async () => {
    const { user } = renderInDiary(<MealSettings />, { locale });
    const lunch = await screen.findByRole('textbox', { name: fill(t.nameOf, { meal: names.lunch }) });
    expect((lunch as HTMLInputElement).value).toBe(names.lunch);
    await user.clear(lunch);
    await user.type(lunch, '  Business   lunch {Enter}');
    await waitFor(() =>
      expect(savedMeals()?.[1]).toEqual({ id: 'lunch', name: 'Business lunch', hidden: false }),
    );
    await user.clear(lunch);
    await user.tab();
    await waitFor(() => expect(savedMeals()?.[1]).toEqual({ id: 'lunch', name: null, hidden: false }));
    expect((lunch as HTMLInputElement).value).toBe(names.lunch);

    await user.click(screen.getByRole('button', { name: fill(t.moveUp, { meal: names.lunch }) }));
    await waitFor(() => expect(ids()).toEqual(['lunch', 'breakfast', 'dinner', 'snacks']));
    // The first cannot go up, the last cannot go down.
    expect(screen.getByRole('button', { name: fill(t.moveUp, { meal: names.lunch }) })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: fill(t.moveDown, { meal: names.snacks }) })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('adds four meals of one’s own at most, each with a name, and says when a day holds no more', async () => {
    const { user } = renderInDiary(<MealSettings />, { locale });
    const field = await screen.findByRole('textbox', { name: t.newMeal });
    await user.click(screen.getByRole('button', { name: t.add }));
    expect(screen.getByText(t.nameRequired)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(savedMeals()).toBeNull();
    for (const [index, name] of [
      'Второй завтрак',
      '🥐☕️',
      'Полдник',
      'x'.repeat(LIMITS.mealNameLength.max),
    ].entries()) {
      await user.type(field, name);
      await user.click(screen.getByRole('button', { name: t.add }));
      await waitFor(() => expect(savedMeals()).toHaveLength(5 + index));
    }
    expect(
      savedMeals()
        .slice(4)
        .map((meal: { name: string }) => meal.name),
    ).toEqual(['Второй завтрак', '🥐☕️', 'Полдник', 'x'.repeat(LIMITS.mealNameLength.max)]);
    expect(screen.queryByRole('textbox', { name: t.newMeal })).toBeNull();
    expect(screen.getByText(t.full)).toBeTruthy();
    // A meal of one's own keeps a name: emptied, it says so and nothing is saved.
    const own = within(screen.getByTestId('meal-setting-meal6')).getByRole('textbox');
    await user.clear(own);
    await user.tab();
    expect(screen.getByText(t.nameRequired)).toBeTruthy();
    expect(savedMeals()[5].name).toBe('🥐☕️');
  });

  it('keeps both of two changes tapped before the first is saved', async () => {
    renderInDiary(<MealSettings />, { locale });
    const up = await screen.findByRole('button', { name: fill(t.moveUp, { meal: names.snacks }) });
    const hide = screen.getByRole('button', { name: fill(t.hide, { meal: names.breakfast }) });
    // Both in one go, as a quick thumb or a slow network gives them: the second must not be
    // worked out from the meals as the screen drew them before the first was saved.
    fireEvent.click(up);
    fireEvent.click(hide);
    await waitFor(() =>
      expect(savedMeals()).toEqual([
        { id: 'breakfast', name: null, hidden: true },
        { id: 'lunch', name: null, hidden: false },
        { id: 'snacks', name: null, hidden: false },
        { id: 'dinner', name: null, hidden: false },
      ]),
    );
  });

  it('hides meals but never the last one shown', async () => {
    const { user } = renderInDiary(<MealSettings />, { locale });
    for (const meal of ['breakfast', 'lunch', 'dinner'] as const) {
      await user.click(await screen.findByRole('button', { name: fill(t.hide, { meal: names[meal] }) }));
      await screen.findByRole('button', { name: fill(t.show, { meal: names[meal] }) });
    }
    expect(savedMeals().filter((meal: { hidden: boolean }) => meal.hidden)).toHaveLength(3);
    const last = screen.getByRole('button', { name: fill(t.hide, { meal: names.snacks }) });
    expect(last).toHaveProperty('disabled', true);
    expect(screen.getAllByText(t.hidden)).toHaveLength(3);
  });
});
