import Link from 'next/link';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/ui/cn';
import { Icon } from './icon';

type BackButtonProps = Omit<ComponentProps<'button'>, 'children'> & {
  /** What going back is called here ("Back", "Scan again"): shown, or the accessible name alone when `compact`. */
  label: string;
  /** A page to go back to (a link); without it, a button for a step back within a flow. */
  href?: string;
  /** The arrow alone, in a top bar's square; the label becomes its accessible name. */
  compact?: boolean;
};

/** The way back: an arrow and a word within a flow, or the top bar's arrow to a page. */
export function BackButton({ label, href, compact = false, className, ...props }: BackButtonProps) {
  const classes = cn(
    'inline-flex shrink-0 cursor-pointer items-center transition',
    compact
      ? 'hover:bg-muted -ml-2 size-10 justify-center rounded-xl text-2xl'
      : 'text-fg-muted hover:text-fg -ml-1 h-9 w-fit gap-1.5 rounded-lg px-1 text-sm font-medium',
    className,
  );
  const content = (
    <>
      <Icon name="back" className={compact ? undefined : 'text-base'} />
      {compact ? null : label}
    </>
  );
  if (href)
    return (
      <Link
        href={href}
        aria-label={compact ? label : undefined}
        data-slot="back-button"
        className={classes}
        {...(props as Omit<ComponentProps<'a'>, 'href'>)}
      >
        {content}
      </Link>
    );
  return (
    <button
      type="button"
      aria-label={compact ? label : undefined}
      data-slot="back-button"
      className={classes}
      {...props}
    >
      {content}
    </button>
  );
}
