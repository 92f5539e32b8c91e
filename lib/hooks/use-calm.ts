'use client';

import { useSettingsWhereProvided } from '@/lib/data';

/**
 * Whether calm mode is on: the screens then show no energy figure (kcal, kJ) and nothing measured
 * against the goal, only what was eaten, in which meals and portions (docs/decisions/0043). The
 * one place that reads the setting; off outside the diary's data and until the settings are read
 * (each view preloads them, so it mounts knowing).
 */
export function useCalm(): boolean {
  return useSettingsWhereProvided()?.calmMode ?? false;
}
