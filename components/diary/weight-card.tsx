'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useLeaveLinkOnClose } from '@/lib/hooks/use-leave-link-on-close';
import { useOnDemand } from '@/lib/hooks/use-on-demand';
import { startTypingBuffer, stopTypingBuffer } from '@/lib/ui/typing-buffer';
import { useUnitFormat } from '@/lib/hooks/use-units';

// Loaded on the first tap; the digits typed meanwhile are kept (lib/ui/typing-buffer).
const loadWeightDialog = () => import('./weight-dialog');
const WeightDialog = dynamic(() => loadWeightDialog().then((module) => module.WeightDialog), {
  ssr: false,
});

/**
 * The day's body weight, logged with the scale button; `openOnLoad` (?weight=1) opens the dialog
 * at once, and `onLeaveLink` takes ?weight=1 off the URL once that dialog closes.
 */
export function WeightCard({
  date,
  weight,
  openOnLoad = false,
  onLeaveLink,
}: {
  date: string;
  weight: number | null;
  openOnLoad?: boolean;
  onLeaveLink: () => void;
}) {
  const t = useTranslations('diary');
  const { bodyWeight } = useUnitFormat();
  const [open, setOpen] = useState(openOnLoad);
  const dialogLoaded = useOnDemand(open, loadWeightDialog, () => {
    stopTypingBuffer();
    setOpen(false);
  });
  useLeaveLinkOnClose(open, openOnLoad, onLeaveLink);

  function openDialog() {
    // "72,5" typed straight after the tap, before the field is on screen, still lands in it.
    startTypingBuffer({ inputMode: 'decimal' });
    setOpen(true);
  }

  return (
    <section className="border-border bg-surface flex items-center gap-3 rounded-2xl border px-4 py-3">
      <span className="bg-muted text-fg-muted grid size-10 place-items-center rounded-xl text-xl">
        <Icon name="scale" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-fg-muted text-xs">{t('weight')}</p>
        <p className="font-semibold tabular-nums" data-testid="day-weight">
          {weight === null ? '—' : bodyWeight(weight)}
        </p>
      </div>
      <Button type="button" variant="secondary" size="sm" onClick={openDialog}>
        {t('logWeight')}
      </Button>
      {open && dialogLoaded ? (
        <WeightDialog date={date} weight={weight} onClose={() => setOpen(false)} />
      ) : null}
    </section>
  );
}
