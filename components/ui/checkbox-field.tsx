import type { ReactNode } from 'react';
import { cn } from '@/lib/ui/cn';

type CheckboxFieldProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  /** A line under the label saying what the choice does. */
  hint?: ReactNode;
  className?: string;
};

/** A checkbox with its label and a muted hint under it, the whole of it a tap target. */
export function CheckboxField({ checked, onChange, label, hint, className }: CheckboxFieldProps) {
  return (
    <label data-slot="checkbox-field" className={cn('flex items-start gap-2 text-sm', className)}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="accent-primary mt-0.5 size-4"
      />
      <span>
        {label}
        {hint ? <span className="text-fg-muted block">{hint}</span> : null}
      </span>
    </label>
  );
}
