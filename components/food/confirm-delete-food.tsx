'use client';

import { useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteFood } from '@/lib/data';
import type { Food } from '@/lib/schemas/food';
import { toast } from '@/lib/ui/toast-store';

/** Asks before a food leaves the library; past entries keep their own copy of its figures. */
export function ConfirmDeleteFood({ food, onClose }: { food: Food | null; onClose: () => void }) {
  const t = useTranslations('food');
  const deleteFood = useDeleteFood();
  return (
    <ConfirmDialog
      open={food !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('confirmDeleteTitle', { name: food?.name ?? '' })}
      confirmLabel={t('delete')}
      danger
      onConfirm={() => {
        if (!food) return;
        deleteFood.mutate(food.id, {
          onSuccess: () => toast({ title: t('deleted'), description: food.name }),
        });
      }}
    >
      {t('confirmDeleteBody')}
    </ConfirmDialog>
  );
}
