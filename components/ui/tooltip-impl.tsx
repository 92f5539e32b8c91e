'use client';

import { Tooltip as RadixTooltip } from 'radix-ui';
import { useState, type ReactNode } from 'react';

/** The seed's tooltip timing: open after 700 ms, and at once within 300 ms of another closing. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// Shared across all tooltips, as one Radix provider would share it: when a tip has just closed,
// the next one opens without the delay (the "skip delay").
let lastClosedAt = 0;

export type TooltipImplProps = {
  content: ReactNode;
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
};

/** Radix Tooltip with the seed's timing; loaded after the first paint by <Tooltip>. */
export function TooltipImpl({ content, children, side = 'top' }: TooltipImplProps) {
  const [open, setOpen] = useState(false);

  function openAtOnceIfJustClosed() {
    if (Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setOpen(true);
  }

  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <RadixTooltip.Root
        open={open}
        onOpenChange={(next) => {
          if (!next) lastClosedAt = Date.now();
          setOpen(next);
        }}
      >
        <RadixTooltip.Trigger asChild onPointerEnter={openAtOnceIfJustClosed}>
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            data-slot="tooltip"
            className="bg-fg text-bg z-50 rounded-lg px-2.5 py-1.5 text-xs font-medium shadow-md"
          >
            {content}
            <RadixTooltip.Arrow className="fill-fg" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
