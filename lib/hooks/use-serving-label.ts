'use client';

import { useTranslations } from 'next-intl';
import { appServingLabel } from '@/lib/diary/serving-labels';

/** A food's serving label as shown: the app's own labels ("1 meal") in the language in use. */
export function useServingLabel(): (label: string) => string {
  const t = useTranslations();
  return (label) => {
    const own = appServingLabel(label);
    if (own === 'meal') return t('diary.savedMealServing');
    if (own === 'recipe') return t('food.recipeServingLabel');
    return label;
  };
}
