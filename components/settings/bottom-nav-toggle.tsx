'use client';

import { Switch } from 'radix-ui';
import { useId } from 'react';
import { useBottomBar } from '@/lib/preferences/bottom-bar';

/** Turns the phone's bottom navigation bar on or off; `initial` is what the server rendered. */
export function BottomNavToggle({ initial, label, hint }: { initial: boolean; label: string; hint: string }) {
  const id = useId();
  const { on, setBottomBar } = useBottomBar(initial);

  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-fg-muted text-sm">
          {hint}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={on}
        onCheckedChange={setBottomBar}
        aria-describedby={`${id}-hint`}
        className="data-[state=checked]:bg-primary bg-neutral relative h-7 w-12 shrink-0 cursor-pointer rounded-full transition"
      >
        <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}
