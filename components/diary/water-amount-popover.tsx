'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Popover } from 'radix-ui';
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useTypedNumberMessage } from '@/lib/hooks/use-typed-number-message';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { LIMITS } from '@/lib/limits';
import { parseDecimal, typedNumberProblem } from '@/lib/ui/typed-number';
import { takeTyped } from '@/lib/ui/typing-buffer';
import { mlFrom } from '@/lib/units/units';

/** The units water can be typed in: a bottle's litres beside ml, or US fluid ounces. */
const ML_PER_UNIT = { ml: 1, l: 1000 } as const;
type MetricUnit = keyof typeof ML_PER_UNIT;

type WaterAmountPopoverProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  anchorRef: RefObject<HTMLButtonElement | null>;
  /** The day's water now, in ml. */
  drunk: number;
  /** Adds `ml` to the day's water, as the glass button does. */
  onAdd: (ml: number) => void;
};

/**
 * An amount of water typed rather than tapped (a 1.5 L bottle is one entry, not six glasses): in
 * ml or litres, or fluid ounces in US units; added to the day's water within the day's limit.
 * Loaded when first opened; digits typed straight after the tap land in the field.
 */
export function WaterAmountPopover({ open, onOpenChange, anchorRef, drunk, onAdd }: WaterAmountPopoverProps) {
  const t = useTranslations('diary.water');
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchorRef as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          // A tap on the pencil while open is its own toggle: not also an outside tap that closes
          // the popover, which the same tap's click would open again.
          onInteractOutside={(event) => {
            if (event.target instanceof Node && anchorRef.current?.contains(event.target))
              event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            anchorRef.current?.focus();
          }}
          className="bg-surface border-border z-50 w-[min(20rem,calc(100vw-1.5rem))] rounded-2xl border p-3 shadow-xl outline-none"
          aria-label={t('type')}
          data-testid="water-amount"
        >
          {/* Mounted at each opening, so each starts with an empty field. */}
          <AmountForm
            drunk={drunk}
            onAdd={(ml) => {
              onAdd(ml);
              onOpenChange(false);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function AmountForm({ drunk, onAdd }: { drunk: number; onAdd: (ml: number) => void }) {
  const t = useTranslations('diary.water');
  const tDiary = useTranslations('diary');
  const tUnits = useTranslations('units.names');
  const { units, volume } = useUnitFormat();
  const typedNumberMessage = useTypedNumberMessage();
  const format = useFormatter();
  const id = useId();
  const [text, setText] = useState('');
  const [unit, setUnit] = useState<MetricUnit>('ml');
  // Add pressed: from then on an empty or too small figure is said to be one.
  const [touched, setTouched] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const inOunces = units.volume === 'floz';
  const toMl = (typed: number) => (inOunces ? mlFrom(typed, 'floz') : Math.round(typed * ML_PER_UNIT[unit]));
  // The day holds at most LIMITS.waterMl: what is left of it is the most one amount can add.
  const room = Math.max(LIMITS.waterMl.max - drunk, 0);
  // Said in the unit being typed: "at most 2.75 L", not "2,750 ml", beside a figure in litres.
  const roomText =
    !inOunces && unit === 'l'
      ? `${format.number(room / ML_PER_UNIT.l, { maximumFractionDigits: 3 })} ${tUnits('l')}`
      : volume(room);
  const problem = typedNumberProblem(text, { limit: { min: 0, max: room }, toChecked: toMl, aboveMin: true });
  // "12a" and a figure past the day's room are said as they are typed; the rest once Add is pressed.
  const error =
    problem && (touched || problem === 'tooBig' || problem === 'notNumber')
      ? typedNumberMessage(problem, {
          min: volume(0),
          aboveMin: true,
          tooBig: t('room', { max: roomText }),
        })
      : null;
  const added = problem === null ? toMl(parseDecimal(text)) : null;

  // Digits typed between the tap and this field (WaterCard started the buffer), taken in the
  // commit that focuses it; Enter among them adds them, as it would in the field.
  useLayoutEffect(() => {
    const kept = takeTyped();
    if (!kept.text) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- an outside buffer, read once at mount
    setText(kept.text);
    if (kept.enter) window.setTimeout(() => form.current?.requestSubmit(), 0);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (added !== null) onAdd(added);
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="grid gap-2" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium">
        {t('amount')}
      </label>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          inputMode="decimal"
          autoFocus
          autoComplete="off"
          value={text}
          invalid={error !== null}
          aria-describedby={error ? `${id}-error` : `${id}-total`}
          onChange={(event) => setText(event.target.value)}
          className="min-w-0 flex-1 tabular-nums"
        />
        {inOunces ? (
          <span className="text-fg-muted px-1 text-sm">{tUnits('floz')}</span>
        ) : (
          <Select
            aria-label={tDiary('unit')}
            value={unit}
            onChange={(event) => setUnit(event.target.value as MetricUnit)}
            className="w-24 shrink-0"
          >
            <option value="ml">{tUnits('ml')}</option>
            <option value="l">{tUnits('l')}</option>
          </Select>
        )}
        <Button type="submit">{t('add')}</Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-error-strong text-sm">
          {error}
        </p>
      ) : (
        // Keeps its line, so the popover does not jump as the figure is typed.
        <p id={`${id}-total`} className="text-fg-muted min-h-5 text-sm tabular-nums">
          {added === null ? null : t('after', { total: volume(drunk + added) })}
        </p>
      )}
    </form>
  );
}
