import type { CSSProperties } from 'react';

/** What the stats charts share: axis labels in the muted text colour, the tooltip as a card. */
export const axisTick = { fill: 'var(--ui-fg-muted)', fontSize: 12 };

export const chartMargin = { top: 8, right: 8, bottom: 0, left: 0 };

export const tooltipContentStyle: CSSProperties = {
  background: 'var(--ui-surface)',
  border: '1px solid var(--ui-border)',
  borderRadius: 12,
  color: 'var(--ui-fg)',
};
