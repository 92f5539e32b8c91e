'use client';

import { useRouter } from 'next/navigation';
import { Switch } from 'radix-ui';
import { useId, useState, useTransition } from 'react';
import { setBrowserCookie } from '@/lib/cookies';
import { BOTTOM_NAV_COOKIE, PREFERENCE_MAX_AGE } from '@/lib/preferences';
import { useUpdateSettings } from '@/lib/data';

/** Turns the phone's bottom navigation bar on or off; the server layout reads the cookie. */
export function BottomNavToggle({ initial, label, hint }: { initial: boolean; label: string; hint: string }) {
  const router = useRouter();
  const id = useId();
  const [on, setOn] = useState(initial);
  const [, startTransition] = useTransition();
  const updateSettings = useUpdateSettings();

  function change(next: boolean) {
    setOn(next);
    setBrowserCookie(BOTTOM_NAV_COOKIE, next ? 'on' : 'off', PREFERENCE_MAX_AGE);
    updateSettings.mutate({ bottomNav: next });
    startTransition(() => router.refresh());
  }

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
        onCheckedChange={change}
        aria-describedby={`${id}-hint`}
        className="data-[state=checked]:bg-primary bg-neutral relative h-7 w-12 shrink-0 cursor-pointer rounded-full transition"
      >
        <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}
