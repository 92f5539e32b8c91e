import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FoodForm } from '@/components/food/food-form';
import { locales } from '@/lib/i18n/config';
import type { FoodInput } from '@/lib/schemas/food';
import { fill, messages, renderInDiary } from './render';

// A packaged food typed as its label prints it, per serving, in both languages: refused where the
// serving cannot hold its energy, previewed and stored per 100 g, salt read as sodium; and a food
// of a name and its kcal alone. Logging it and the diary's row are the e2e tier's
// (tests/e2e/label-entry.spec.ts, nutrients.spec.ts, measures.spec.ts).

const label = {
  en: { name: 'Granola bar', serving: '1 bar', per100: /466[.,]7 kcal/, salt: '0.6', fibre: '0.9' },
  ru: { name: 'Батончик мюсли', serving: '1 батончик', per100: /466[.,]7 ккал/, salt: '0,6', fibre: '0,9' },
} as const;

describe.each(locales)('the food form in %s', (locale) => {
  const t = messages[locale].food;
  const tN = messages[locale].nutrients;

  it('takes a label per serving: refuses what a serving cannot hold, then stores it per 100 g with its salt as sodium', async () => {
    const saved: FoodInput[] = [];
    const onSubmit = vi.fn(async (input: FoodInput) => void saved.push(input));
    const { user } = renderInDiary(<FoodForm submitLabel={t.create} onSubmit={onSubmit} />, { locale });
    const field = (name: string) => screen.getByLabelText(name, { exact: true });
    await user.type(field(t.name), label[locale].name);
    await user.click(screen.getByText(t.basisPerServing));
    await user.type(field(t.servingLabel), label[locale].serving);
    await user.type(field(t.servingGrams), '10');
    await user.type(field(t.kcal), '210');
    await user.type(field(t.protein), '4');
    await user.type(field(t.fat), '10');
    await user.type(field(t.carbs), '25');

    // 210 kcal in 10 g would be 2,100 kcal per 100 g: refused, saying why, under the field.
    await user.click(screen.getByRole('button', { name: t.create }));
    const kcal = field(t.kcal);
    await waitFor(() => expect(kcal.getAttribute('aria-invalid')).toBe('true'));
    const description = kcal
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(description).toMatch(/2[\s,.\u00a0\u202f]?100.*900/);
    expect(onSubmit).not.toHaveBeenCalled();

    // A 45 g serving with 0.6 g of salt and 0.9 g of fibre (a decimal comma in Russian).
    await user.clear(field(t.servingGrams));
    await user.type(field(t.servingGrams), '45');
    expect(screen.getByTestId('per100-preview').textContent).toMatch(label[locale].per100);
    await user.click(
      screen.getByRole('button', { name: (name) => name.startsWith(t.moreNutrients.split('{')[0]!.trim()) }),
    );
    await user.type(
      field(fill(t.nutrientLabel, { name: tN.names.salt, unit: tN.unitNames.g })),
      label[locale].salt,
    );
    await user.type(
      field(fill(t.nutrientLabel, { name: tN.names.fibre, unit: tN.unitNames.g })),
      label[locale].fibre,
    );
    await user.click(screen.getByRole('button', { name: t.create }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const food = saved[0]!;
    expect(food).toMatchObject({
      name: label[locale].name,
      serving: { label: label[locale].serving, grams: 45 },
    });
    expect(food.kcal).toBeCloseTo(466.67, 1);
    // Per 100 g: 0.6 g of salt in 45 g is 1.33 g, which is 524.5 mg of sodium (salt is 39.34 % sodium).
    expect((food.nutrients as Record<string, number>).sodium).toBeCloseTo((0.6 / 45) * 100 * 393.4, 0);
    expect((food.nutrients as Record<string, number>).fibre).toBeCloseTo(2, 1);
  });

  it('needs only a name and its kcal: the macros left empty are 0 g', async () => {
    const onSubmit = vi.fn<(input: FoodInput) => Promise<void>>(async () => {});
    const { user } = renderInDiary(<FoodForm submitLabel={t.create} onSubmit={onSubmit} />, { locale });
    expect(screen.getByText(t.macrosOptional)).toBeTruthy();
    await user.type(screen.getByLabelText(t.name, { exact: true }), 'Kcal-only bar');
    await user.type(screen.getByLabelText(t.kcal, { exact: true }), '412');
    await user.click(screen.getByRole('button', { name: t.create }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      name: 'Kcal-only bar',
      kcal: 412,
      protein: 0,
      fat: 0,
      carbs: 0,
    });
  });
});
