'use client';

import { useTranslations } from 'next-intl';
import { Dialog } from '@/components/ui/dialog';
import { useCreateFood, useUpdateFood } from '@/lib/data';
import type { Food, FoodInput } from '@/lib/schemas/food';
import { toast } from '@/lib/ui/toast-store';
import { FoodForm } from './food-form';
import { RecipeEditor } from './recipe-editor';
import type { PasteReading } from './recipe-paste';

export type FoodEditing =
  | { kind: 'new'; draft?: Partial<Food> }
  /** `reading`: a recipe read from a recipe app's export, for review before it is saved. */
  | { kind: 'newRecipe'; reading?: PasteReading }
  | { kind: 'edit'; food: Food };

function titleKey(editing: FoodEditing): 'newFood' | 'newRecipe' | 'editFood' | 'editRecipe' {
  if (editing.kind === 'newRecipe') return 'newRecipe';
  if (editing.kind === 'new') return 'newFood';
  return editing.food.recipe?.kind === 'recipe' ? 'editRecipe' : 'editFood';
}

/**
 * Creates a food (blank, from the search text, or from a catalog item) or a recipe, or edits
 * one: a recipe food in the recipe editor, as its figures follow from its ingredients.
 */
export function FoodEditorDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: FoodEditing;
  onClose: () => void;
  /** Called once the food is stored, before the dialog closes. */
  onSaved?: () => void;
}) {
  const t = useTranslations('food');
  const createFood = useCreateFood();
  const updateFood = useUpdateFood();
  const food = editing.kind === 'edit' ? editing.food : undefined;
  const isRecipe = editing.kind === 'newRecipe' || !!food?.recipe;

  async function save(input: FoodInput, replacing?: Food) {
    const updated = food ?? replacing;
    if (updated) {
      await updateFood.mutateAsync({ id: updated.id, input });
      toast({ title: t('updated'), description: input.name, variant: 'success' });
    } else {
      await createFood.mutateAsync(input);
      toast({ title: t('created'), description: input.name, variant: 'success' });
    }
    onSaved?.();
    onClose();
  }

  const submitLabel = food ? t('save') : t('create');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t(titleKey(editing))} closeOnBack>
      {isRecipe ? (
        <RecipeEditor
          food={food}
          submitLabel={submitLabel}
          onCancel={onClose}
          onSubmit={save}
          reading={editing.kind === 'newRecipe' ? editing.reading : undefined}
        />
      ) : (
        <FoodForm
          food={food ?? (editing.kind === 'new' ? editing.draft : undefined)}
          submitLabel={submitLabel}
          onCancel={onClose}
          onSubmit={save}
        />
      )}
    </Dialog>
  );
}
