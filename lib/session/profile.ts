import { useSyncExternalStore } from 'react';
import { DEFAULT_GUEST_NAME } from '@/lib/diary/defaults';

/**
 * Who the signed-in account is, for the menus: its name and email, kept in localStorage (not a
 * secret: the user's own name and address) so the menus show them at once and offline. Written
 * at log-in and whenever the account's settings are read; removed at log-out.
 */
export const ACCOUNT_PROFILE_KEY = 'account-profile';
const CHANGED_EVENT = 'app:account-profile';

export type AccountProfile = { name: string; email: string };

/**
 * True when a name is no name: empty, or the guest's default "Guest", which accounts registered
 * without a name were given before they were left nameless.
 */
export function isUnnamed(name: string | null | undefined): boolean {
  const trimmed = name?.trim() ?? '';
  return trimmed === '' || trimmed === DEFAULT_GUEST_NAME;
}

export function rememberAccountProfile(profile: AccountProfile): void {
  const value = JSON.stringify({ name: profile.name, email: profile.email });
  if (localStorage.getItem(ACCOUNT_PROFILE_KEY) === value) return;
  localStorage.setItem(ACCOUNT_PROFILE_KEY, value);
  window.dispatchEvent(new Event(CHANGED_EVENT));
}

export function forgetAccountProfile(): void {
  localStorage.removeItem(ACCOUNT_PROFILE_KEY);
  window.dispatchEvent(new Event(CHANGED_EVENT));
}

function subscribe(listener: () => void): () => void {
  window.addEventListener(CHANGED_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGED_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}

const read = () => localStorage.getItem(ACCOUNT_PROFILE_KEY);

/** The account's name and email as last known here; null on the server and before any is known. */
export function useAccountProfile(): AccountProfile | null {
  const raw = useSyncExternalStore(subscribe, read, () => null);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<AccountProfile>;
    return typeof parsed.email === 'string' ? { name: String(parsed.name ?? ''), email: parsed.email } : null;
  } catch {
    return null;
  }
}
