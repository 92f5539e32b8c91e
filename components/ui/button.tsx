import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/ui/cn';

const variants = {
  primary: 'bg-primary text-on-primary hover:brightness-110 shadow-sm',
  secondary: 'border border-border bg-surface text-fg hover:bg-muted',
  ghost: 'text-fg hover:bg-muted',
  // red-600 (not the palette's 500) so white text keeps a 4.5:1 contrast.
  danger: 'bg-red-600 text-white hover:bg-red-700 dark:bg-red-400 dark:text-slate-950',
} as const;

const sizes = {
  sm: 'h-8 gap-1.5 rounded-lg px-3 text-sm',
  md: 'h-10 gap-2 rounded-xl px-4 text-sm',
  lg: 'h-12 gap-2 rounded-xl px-6 text-base',
  icon: 'size-10 rounded-xl text-xl',
  /** As tall as its label needs: a label in a <span className="whitespace-normal"> may wrap. */
  wrap: 'min-h-10 gap-2 rounded-xl px-4 py-2 text-sm leading-tight text-left',
} as const;

type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (a link, say) with the button's look instead of a <button>. */
  asChild?: boolean;
};

export function Button({ variant = 'primary', size = 'md', asChild, className, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      data-slot="button"
      className={cn(
        'inline-flex shrink-0 cursor-pointer items-center justify-center font-medium whitespace-nowrap transition select-none disabled:pointer-events-none disabled:opacity-50',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
