'use client';

import { useBottomBar } from '@/lib/preferences/bottom-bar';
import { SwitchRow } from './switch-row';

/** Turns the phone's bottom navigation bar on or off; `initial` is what the server rendered. */
export function BottomNavToggle({ initial, label, hint }: { initial: boolean; label: string; hint: string }) {
  const { on, setBottomBar } = useBottomBar(initial);
  return <SwitchRow label={label} hint={hint} checked={on} onCheckedChange={setBottomBar} />;
}
