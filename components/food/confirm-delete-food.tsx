'use client';

import { useTranslations } from 'next-intl';
import { AlertDialog } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { useDeleteFood } from '@/lib/queries/use-diary';
import type { Food } from '@/lib/schemas/food';
import { toast } from '@/lib/toast-store';

/** Asks before a food leaves the library; past entries keep their own copy of its figures. */
export function ConfirmDeleteFood({ food, onClose }: { food: Food | null; onClose: () => void }) {
  const t = useTranslations('food');
  const deleteFood = useDeleteFood();
  return (
    <AlertDialog.Root open={food !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-sm" />
        <AlertDialog.Content className="bg-surface border-border fixed top-1/2 left-1/2 z-50 w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-3xl border p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold">
            {t('confirmDeleteTitle', { name: food?.name ?? '' })}
          </AlertDialog.Title>
          <AlertDialog.Description className="text-fg-muted mt-2 text-sm">
            {t('confirmDeleteBody')}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t('cancel')}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button
                variant="danger"
                onClick={() => {
                  if (!food) return;
                  deleteFood.mutate(food.id, {
                    onSuccess: () => toast({ title: t('deleted'), description: food.name }),
                  });
                }}
              >
                {t('delete')}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
