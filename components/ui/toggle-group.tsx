'use client';

import { ToggleGroup as RadixToggleGroup } from 'radix-ui';
import { createContext, useContext, type ComponentProps } from 'react';
import { cn } from '@/lib/ui/cn';

/**
 * How a group looks: `segmented`, segments on a track, the chosen one raised (the theme, the
 * language, a range); `emphasis`, the same on a muted panel, the chosen one in the primary
 * colour; `chips`, rounded chips that wrap (filters); `options`, bordered choices with a radio
 * mark (a question in a preview).
 */
type Variant = 'segmented' | 'emphasis' | 'chips' | 'options';
type Size = 'sm' | 'md';

const roots: Record<Variant, string> = {
  segmented: 'bg-muted inline-flex w-fit rounded-xl p-1',
  emphasis: 'bg-surface inline-flex w-fit rounded-xl p-1',
  chips: 'flex flex-wrap gap-2',
  options: 'flex flex-wrap gap-2',
};

const segment = 'rounded-lg font-medium text-fg-muted data-[state=off]:hover:text-fg';
const items: Record<Variant, string> = {
  segmented: cn(segment, 'data-[state=on]:bg-surface data-[state=on]:text-fg data-[state=on]:shadow-sm'),
  emphasis: cn(segment, 'data-[state=on]:bg-primary data-[state=on]:text-on-primary'),
  chips:
    'border-border bg-surface text-fg-muted rounded-full border px-3 py-1.5 data-[state=off]:hover:bg-muted data-[state=off]:hover:text-fg data-[state=on]:border-primary data-[state=on]:bg-primary-soft data-[state=on]:text-fg data-[state=on]:font-medium',
  options:
    'group/option border-border rounded-xl border px-3 py-2 data-[state=on]:border-primary data-[state=on]:bg-primary/10',
};

// A label too long for its share of a phone's width wraps inside its segment, which grows.
const sizes: Record<Size, string> = {
  sm: 'min-h-8 gap-1.5 px-2',
  md: 'min-h-9 gap-2 px-3 py-1 leading-tight',
};

const Look = createContext<{ variant: Variant; size: Size; stretch: boolean }>({
  variant: 'segmented',
  size: 'md',
  stretch: false,
});

type ToggleGroupProps = Omit<
  ComponentProps<typeof RadixToggleGroup.Root>,
  'type' | 'value' | 'defaultValue' | 'onValueChange'
> & {
  /** The chosen item's value; '' when none is (yet). */
  value: string;
  onValueChange: (value: string) => void;
  /** Whether pressing the chosen item again leaves none chosen (a filter), instead of nothing. */
  allowNone?: boolean;
  variant?: Variant;
  size?: Size;
  /** Segments share a phone's full width (from 640 px on, they take their own). */
  stretch?: boolean;
};

/**
 * One choice among a few, all in view (Radix ToggleGroup): a radio group to assistive
 * technology, the arrow keys move between the items and Tab enters at the chosen one. Name it
 * with `aria-label` or `aria-labelledby`.
 */
export function ToggleGroup({
  value,
  onValueChange,
  allowNone = false,
  variant = 'segmented',
  size = 'md',
  stretch = false,
  className,
  ...props
}: ToggleGroupProps) {
  return (
    <Look.Provider value={{ variant, size, stretch }}>
      <RadixToggleGroup.Root
        type="single"
        value={value}
        onValueChange={(next) => (next || allowNone) && onValueChange(next)}
        data-slot="toggle-group"
        className={cn(roots[variant], stretch && 'flex w-full sm:inline-flex sm:w-fit', className)}
        {...props}
      />
    </Look.Provider>
  );
}

/** One item of a ToggleGroup; its text (or its aria-label) names it. */
export function ToggleGroupItem({
  className,
  children,
  ...props
}: ComponentProps<typeof RadixToggleGroup.Item>) {
  const { variant, size, stretch } = useContext(Look);
  const segmented = variant === 'segmented' || variant === 'emphasis';
  return (
    <RadixToggleGroup.Item
      data-slot="toggle-group-item"
      className={cn(
        'inline-flex cursor-pointer items-center justify-center text-center text-sm transition disabled:pointer-events-none disabled:opacity-50',
        items[variant],
        segmented && sizes[size],
        stretch && 'flex-1 sm:flex-none',
        variant === 'options' && 'gap-2',
        className,
      )}
      {...props}
    >
      {variant === 'options' ? (
        <span
          aria-hidden
          className="border-border group-data-[state=on]/option:border-primary grid size-4 shrink-0 place-items-center rounded-full border-2 bg-surface"
        >
          <span className="bg-primary hidden size-2 rounded-full group-data-[state=on]/option:block" />
        </span>
      ) : null}
      {children}
    </RadixToggleGroup.Item>
  );
}
