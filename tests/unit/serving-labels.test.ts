import { describe, expect, it } from 'vitest';
import { APP_SERVING_LABELS, appServingLabel } from '@/lib/diary/serving-labels';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';

describe('the serving labels the app writes', () => {
  it('are every language’s saved-meal and recipe labels', () => {
    expect([...APP_SERVING_LABELS.meal].sort()).toEqual(
      [en.diary.savedMealServing, ru.diary.savedMealServing].sort(),
    );
    expect([...APP_SERVING_LABELS.recipe].sort()).toEqual(
      [en.food.recipeServingLabel, ru.food.recipeServingLabel].sort(),
    );
  });

  it('are told apart from labels a person typed', () => {
    expect(appServingLabel('1 приём пищи')).toBe('meal');
    expect(appServingLabel('1 serving')).toBe('recipe');
    expect(appServingLabel('1 slice')).toBeNull();
    expect(appServingLabel('constructor')).toBeNull();
  });
});
