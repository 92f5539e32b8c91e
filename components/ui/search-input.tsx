import type { ComponentProps } from 'react';
import { cn } from '@/lib/ui/cn';
import { inputClass } from './field';
import { Icon } from './icon';

type SearchInputProps = Omit<ComponentProps<'input'>, 'type'> & { id: string; label: string };

/** A search field with its magnifier and a label for screen readers (the placeholder shows it). */
export function SearchInput({ id, label, className, ...props }: SearchInputProps) {
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Icon
        name="search"
        className="text-fg-muted pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-lg"
      />
      <input id={id} type="search" autoComplete="off" className={cn(inputClass, 'pl-10')} {...props} />
    </div>
  );
}
