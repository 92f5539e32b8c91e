'use client';

import type { TypedFigure } from '@/lib/units/units';
import { Input } from './field';

type FigureInputProps = {
  /** The first field's id: the Field's label names it. */
  id: string;
  /** The unit of each field: one ("kg", "lb", "cm") or two ("st" and "lb", "ft" and "in"). */
  units: readonly [string] | readonly [string, string];
  /** The whole figure's name, for the second field's own label ("Weight, lb"). */
  label: string;
  value: TypedFigure;
  onChange: (value: TypedFigure) => void;
  invalid?: boolean;
  autoFocus?: boolean;
  onFocus?: (event: { currentTarget: HTMLInputElement }) => void;
  onBlur?: () => void;
};

/**
 * A body weight or a height typed in the user's units: one field with its unit beside it, or two
 * where the unit has two parts (12 st 6 lb, 5 ft 11 in). Inside a Field, which labels the first.
 */
export function FigureInput({
  id,
  units,
  label,
  value,
  onChange,
  invalid,
  autoFocus,
  onFocus,
  onBlur,
}: FigureInputProps) {
  const [mainUnit, partUnit] = units;
  return (
    <div className="flex items-center gap-2">
      <Input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        autoFocus={autoFocus}
        invalid={invalid}
        value={value.main}
        onFocus={onFocus}
        onBlur={onBlur}
        onChange={(event) => onChange({ ...value, main: event.target.value })}
        className="min-w-0 flex-1"
      />
      <span className="text-fg-muted shrink-0 text-sm" aria-hidden>
        {mainUnit}
      </span>
      {partUnit !== undefined ? (
        <>
          <Input
            id={`${id}-part`}
            aria-label={`${label}: ${partUnit}`}
            inputMode="decimal"
            autoComplete="off"
            invalid={invalid}
            value={value.part}
            onBlur={onBlur}
            onChange={(event) => onChange({ ...value, part: event.target.value })}
            className="min-w-0 flex-1"
          />
          <span className="text-fg-muted shrink-0 text-sm" aria-hidden>
            {partUnit}
          </span>
        </>
      ) : null}
    </div>
  );
}
