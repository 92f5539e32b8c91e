import type { IconKey } from '@/lib/icons/names';
import { routes } from '@/lib/navigation/routes';

/** The app's sections, in menu order; `label` is a key of the `nav` messages. */
export const navItems = [
  { href: routes.dashboard, label: 'dashboard', icon: 'dashboard' },
  { href: routes.food, label: 'food', icon: 'food' },
  { href: routes.stats, label: 'stats', icon: 'stats' },
  { href: routes.settings, label: 'settings', icon: 'settings' },
] as const satisfies ReadonlyArray<{ href: string; label: string; icon: IconKey }>;
