'use client';

import { Tooltip as RadixTooltip } from 'radix-ui';
import { useState, type ReactNode } from 'react';

/** The seed's tooltip timing: open after 700 ms, and at once within 300 ms of another closing. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// Shared across all tooltips, as Radix's provider would share it: when one just closed, the
// next opens without the delay (the "skip delay").
let lastClosedAt = 0;

export type TooltipImplProps = {
  content: ReactNode;
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
};

/** Radix Tooltip with the seed's timing; loaded after the first paint by <Tooltip>. */
export function TooltipImpl({ content, children, side = 'top' }: TooltipImplProps) {
  const [delay, setDelay] = useState(TOOLTIP_DELAY_MS);
  return (
    <RadixTooltip.Provider delayDuration={delay}>
      <RadixTooltip.Root
        onOpenChange={(open) => {
          if (!open) lastClosedAt = Date.now();
        }}
      >
        <RadixTooltip.Trigger
          asChild
          onPointerEnter={() =>
            setDelay(Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS)
          }
          onFocus={() => setDelay(Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS)}
        >
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
