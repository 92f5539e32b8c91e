import type { ComponentProps } from 'react';
import { cn } from '@/lib/ui/cn';
import { inputClass, useFieldMessage } from './field';
import { Icon } from './icon';

/**
 * A choice from a short list, as the browser's own select styled like the text fields: a phone
 * opens its native picker, the keyboard and screen readers know it, and a form reads its value
 * (docs/decisions/0031). Inside a Field it is described by the Field's error or hint.
 * `className` sizes the whole control; the list's options are its children.
 */
export function Select({
  className,
  invalid,
  children,
  ...props
}: ComponentProps<'select'> & { invalid?: boolean }) {
  const describedBy = useFieldMessage();
  return (
    <div data-slot="select" className={cn('relative', className)}>
      <select
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className={cn(inputClass, 'cursor-pointer appearance-none truncate pr-10')}
        {...props}
      >
        {children}
      </select>
      <Icon
        name="chevronDown"
        className="text-fg-muted pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-base"
      />
    </div>
  );
}
