import { apiRequest } from '@/lib/http/api-client';
import { todayIso } from '@/lib/diary/dates';
import { whenIdle } from '@/lib/browser/idle';
import { ACCOUNT_USER_KEY } from '@/lib/session/state';
import type { ApiRepository } from '../api/api-repository';
import type { DiaryRepository } from '../types';
import { AccountStore } from './account-store';
import { OfflineAccountRepository } from './offline-repository';

/**
 * The signed-in account's id: remembered since logging in, or asked of the server once (a
 * session from before the id was remembered). Null offline without one.
 */
async function accountId(): Promise<string | null> {
  const remembered = localStorage.getItem(ACCOUNT_USER_KEY);
  if (remembered) return remembered;
  try {
    const { user } = (await apiRequest('GET', '/me')) as { user: { id: string } };
    localStorage.setItem(ACCOUNT_USER_KEY, user.id);
    return user.id;
  } catch {
    return null;
  }
}

/**
 * The account's repository for this tab: the API with the account's offline store in front,
 * sending its outbox from now on; the API alone when the browser has no IndexedDB (some private
 * windows) or the account is not known yet.
 */
export async function openAccountRepository(api: ApiRepository): Promise<DiaryRepository> {
  const userId = await accountId();
  if (!userId || typeof indexedDB === 'undefined') return api;
  try {
    const repository = new OfflineAccountRepository(api, await AccountStore.open(userId), userId);
    repository.outbox.watch();
    // Once the page is idle, so it never competes with the page's own first requests.
    whenIdle(() => void repository.remember(todayIso()));
    return repository;
  } catch {
    return api;
  }
}

/** Logging out: the account's remembered reads are wiped; its unsent changes stay for its next log-in. */
export async function forgetAccountReads(): Promise<void> {
  const userId = localStorage.getItem(ACCOUNT_USER_KEY);
  localStorage.removeItem(ACCOUNT_USER_KEY);
  if (!userId || typeof indexedDB === 'undefined') return;
  const store = await AccountStore.open(userId);
  await store.clearRecords();
  store.close();
}

/** The account is deleted: everything this browser kept of it goes. */
export async function forgetAccount(): Promise<void> {
  const userId = localStorage.getItem(ACCOUNT_USER_KEY);
  localStorage.removeItem(ACCOUNT_USER_KEY);
  if (userId && typeof indexedDB !== 'undefined') await AccountStore.destroy(userId);
}

/**
 * The signed-in account's changes not on the server yet: `waiting` to be sent, `stuck` (refused
 * or in conflict) until the user settles them. Read straight from the store, so any page can
 * ask, the diary's own or not.
 */
export async function unsentChanges(): Promise<{ waiting: number; stuck: number }> {
  const userId = localStorage.getItem(ACCOUNT_USER_KEY);
  if (!userId || typeof indexedDB === 'undefined') return { waiting: 0, stuck: 0 };
  const store = await AccountStore.open(userId);
  try {
    const outbox = await store.outbox();
    const waiting = outbox.filter((operation) => operation.state === 'queued').length;
    return { waiting, stuck: outbox.length - waiting };
  } finally {
    store.close();
  }
}
