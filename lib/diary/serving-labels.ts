/**
 * The serving labels the app writes itself: a saved meal's ("1 meal") and a new recipe's ("1
 * serving"), in every language it speaks. They are stored in the language of the moment, so a
 * diary kept in two languages holds both: each is shown in the language in use instead
 * (diary.savedMealServing and food.recipeServingLabel). tests/unit/serving-labels.test.ts keeps
 * these lists equal to the messages.
 */
export const APP_SERVING_LABELS = {
  meal: ['1 meal', '1 приём пищи'],
  recipe: ['1 serving', '1 порция'],
} as const;

/** Which of the app's own labels `label` is, or null for one a person typed. */
export function appServingLabel(label: string): 'meal' | 'recipe' | null {
  const trimmed = label.trim();
  if ((APP_SERVING_LABELS.meal as readonly string[]).includes(trimmed)) return 'meal';
  if ((APP_SERVING_LABELS.recipe as readonly string[]).includes(trimmed)) return 'recipe';
  return null;
}
