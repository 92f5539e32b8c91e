/** The seed's colour-mode key in localStorage (values light, dark, system). */
export const THEME_STORAGE_KEY = 'nuxt-color-mode';

export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (themes as readonly string[]).includes(value);
}
