'use client';

import { useTranslations } from 'next-intl';
import { Dialog } from '@/components/ui/dialog';
import { useCreateFood, useUpdateFood } from '@/lib/data';
import type { Food } from '@/lib/schemas/food';
import { toast } from '@/lib/toast-store';
import { FoodForm } from './food-form';

export type FoodEditing = { kind: 'new'; draft?: Partial<Food> } | { kind: 'edit'; food: Food };

/** Creates a food (blank, from the search text, or from a catalog item) or edits one. */
export function FoodEditorDialog({ editing, onClose }: { editing: FoodEditing; onClose: () => void }) {
  const t = useTranslations('food');
  const createFood = useCreateFood();
  const updateFood = useUpdateFood();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={editing.kind === 'edit' ? t('editFood') : t('newFood')}
    >
      <FoodForm
        food={editing.kind === 'edit' ? editing.food : editing.draft}
        submitLabel={editing.kind === 'edit' ? t('save') : t('create')}
        onCancel={onClose}
        onSubmit={async (input) => {
          if (editing.kind === 'edit') {
            await updateFood.mutateAsync({ id: editing.food.id, input });
            toast({ title: t('updated'), description: input.name, variant: 'success' });
          } else {
            await createFood.mutateAsync(input);
            toast({ title: t('created'), description: input.name, variant: 'success' });
          }
          onClose();
        }}
      />
    </Dialog>
  );
}
