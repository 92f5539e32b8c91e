'use client';

import { useId } from 'react';
import { Field, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';

type Text = { label: string; placeholder?: string };

/**
 * The name and the lifetime of a secret the user makes (a share link, an API token), side by
 * side from the small breakpoint: what it is for, and how long it works.
 */
export function NameAndLifetimeFields({
  name,
  onName,
  nameText,
  maxLength,
  lifetime,
  onLifetime,
  lifetimeText,
  lifetimes,
}: {
  name: string;
  onName: (name: string) => void;
  nameText: Text;
  maxLength: number;
  lifetime: string;
  onLifetime: (lifetime: string) => void;
  lifetimeText: Text;
  /** The lifetimes offered: each option's value and its label. */
  lifetimes: ReadonlyArray<{ value: string; label: string }>;
}) {
  const ids = { name: useId(), lifetime: useId() };
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field id={ids.name} label={nameText.label}>
        <Input
          id={ids.name}
          value={name}
          maxLength={maxLength}
          placeholder={nameText.placeholder}
          onChange={(event) => onName(event.target.value)}
        />
      </Field>
      <Field id={ids.lifetime} label={lifetimeText.label}>
        <Select id={ids.lifetime} value={lifetime} onChange={(event) => onLifetime(event.target.value)}>
          {lifetimes.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
