/**
 * Every icon the app draws, by what it means. Keeping them in one table lets the icon bundle
 * generator (scripts/generate-icon-bundle.mjs) ship exactly these inline, so the first screen
 * never waits for an icon request.
 */
export const icons = {
  logo: 'lucide:leaf',
  dashboard: 'lucide:notebook-pen',
  food: 'lucide:apple',
  stats: 'lucide:chart-column',
  settings: 'heroicons:cog-6-tooth',
  back: 'heroicons:arrow-left',
  menu: 'heroicons:bars-3',
  collapse: 'lucide:panel-left-close',
  expand: 'lucide:panel-left-open',
  close: 'heroicons:x-mark',
  search: 'heroicons:magnifying-glass',
  plus: 'heroicons:plus',
  login: 'heroicons:arrow-right-end-on-rectangle',
  logout: 'heroicons:arrow-left-start-on-rectangle',
  register: 'heroicons:user-plus',
  user: 'heroicons:user',
  guest: 'heroicons:user',
  light: 'heroicons:sun',
  dark: 'heroicons:moon',
  system: 'heroicons:computer-desktop',
  language: 'heroicons:language',
  flagEn: 'circle-flags:uk',
  flagRu: 'circle-flags:ru',
  calendar: 'heroicons:calendar',
  clock: 'heroicons:clock',
  scale: 'mdi:scale-bathroom',
  chevronLeft: 'heroicons:chevron-left',
  chevronRight: 'heroicons:chevron-right',
  heart: 'heroicons:heart',
  creditCard: 'heroicons:credit-card',
  trash: 'heroicons:trash',
  copy: 'heroicons:document-duplicate',
  dots: 'heroicons:ellipsis-vertical',
  refresh: 'heroicons:arrow-path',
  check: 'heroicons:check-circle',
  warning: 'heroicons:exclamation-triangle',
  offline: 'lucide:wifi-off',
  phone: 'heroicons:device-phone-mobile',
  lock: 'heroicons:lock-closed',
  flame: 'lucide:flame',
  command: 'heroicons:command-line',
  home: 'heroicons:home',
  eye: 'heroicons:eye',
  eyeOff: 'heroicons:eye-slash',
} as const;

export type IconKey = keyof typeof icons;
export type IconName = (typeof icons)[IconKey];
