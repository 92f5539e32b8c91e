import { useTranslations } from 'next-intl';
import { createContext, useContext, useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/ui/cn';

type FieldProps = {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** The id of the line a Field shows under its control (its error, else its hint), for the Input in it. */
const FieldMessage = createContext<string | undefined>(undefined);

/** A labelled form control with its error (announced with the control) and an optional hint. */
export function Field({ id, label, error, hint, className, children }: FieldProps) {
  const messageId = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('grid content-start gap-1.5', className)} data-slot="field">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <FieldMessage.Provider value={messageId}>{children}</FieldMessage.Provider>
      {error ? (
        <p id={`${id}-error`} className="text-error-strong text-sm">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-fg-muted text-sm">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export const inputClass =
  'bg-surface border-border h-11 w-full rounded-xl border px-3.5 text-base outline-none focus-visible:outline-2 focus-visible:outline-offset-0 aria-[invalid=true]:border-error';

/** The id of the error or hint line of the Field around a control, for its aria-describedby. */
export function useFieldMessage(): string | undefined {
  return useContext(FieldMessage);
}

/**
 * A text input wired to its Field's error and hint. With a maxLength, reaching it says so ("At
 * most 60 characters"): the browser otherwise just stops taking keys, without a word (issue 48).
 */
export function Input({
  id,
  invalid,
  className,
  maxLength,
  onChange,
  ...props
}: ComponentProps<'input'> & { id: string; invalid?: boolean }) {
  const t = useTranslations('ui');
  const describedBy = useFieldMessage();
  // An uncontrolled field's length, followed as it is typed.
  const [typedLength, setTypedLength] = useState(0);
  const length = typeof props.value === 'string' ? props.value.length : typedLength;
  const full = maxLength !== undefined && length >= maxLength;
  return (
    <>
      <input
        id={id}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={[describedBy, full ? `${id}-full` : null].filter(Boolean).join(' ') || undefined}
        className={cn(inputClass, className)}
        maxLength={maxLength}
        onChange={(event) => {
          if (props.value === undefined) setTypedLength(event.target.value.length);
          onChange?.(event);
        }}
        {...props}
      />
      {full ? (
        <p id={`${id}-full`} role="status" className="text-fg-muted text-xs" data-testid="length-limit">
          {t('atMostCharacters', { count: maxLength })}
        </p>
      ) : null}
    </>
  );
}

/** An Input whose text is saved when it is left or Enter is pressed: settings save themselves. */
export function SavingInput({ onSave, ...props }: ComponentProps<typeof Input> & { onSave: () => void }) {
  return (
    <Input
      {...props}
      onBlur={onSave}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSave();
      }}
    />
  );
}

// Kept in lib/ui, where the checks of typed figures read it too.
export { parseDecimal } from '@/lib/ui/typed-number';
