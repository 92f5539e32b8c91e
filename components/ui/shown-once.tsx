'use client';

import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { toast } from '@/lib/ui/toast-store';

type ShownOnceProps = {
  title: string;
  value: string;
  hint: string;
  copy: { label: string; done: string; failed: string };
};

/**
 * A secret the server hands out once (a token, a share link): selectable, with a copy button,
 * and a word on why it will not be shown again.
 */
export function ShownOnce({ title, value, hint, copy }: ShownOnceProps) {
  const id = useId();
  return (
    <div className="border-primary bg-primary-soft grid gap-2 rounded-2xl border p-4" role="status">
      <label htmlFor={id} className="text-sm font-medium">
        {title}
      </label>
      <div className="grid gap-2 sm:flex">
        <Input
          id={id}
          readOnly
          value={value}
          className="font-mono text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            void navigator.clipboard.writeText(value).then(
              () => toast({ title: copy.done }),
              () => toast({ title: copy.failed, variant: 'error' }),
            )
          }
        >
          <Icon name="copy" />
          {copy.label}
        </Button>
      </div>
      <p className="text-fg-muted text-sm">{hint}</p>
    </div>
  );
}
