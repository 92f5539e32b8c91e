import { useSyncExternalStore } from 'react';
import type { QueuedOperation } from './offline/operations';

/**
 * Where an account's changes stand, for the screens: the outbox's waiting, failed and
 * conflicting changes, whether the network answers, and when everything last reached the server.
 */
export type SyncStatus = {
  online: boolean;
  /** Changes waiting to be sent. */
  pending: number;
  syncing: boolean;
  /** Changes the server refused (each with its reason); they wait for the user. */
  failed: QueuedOperation[];
  /** Changes that met a change of the same entry from another device. */
  conflicts: QueuedOperation[];
  /** When the outbox was last emptied (ms), or null. */
  syncedAt: number | null;
  /** The server no longer accepts this session: changes wait until the same user logs in. */
  sessionEnded: boolean;
};

const initial: SyncStatus = {
  online: true,
  pending: 0,
  syncing: false,
  failed: [],
  conflicts: [],
  syncedAt: null,
  sessionEnded: false,
};

let status = initial;
const listeners = new Set<() => void>();

export function getSyncStatus(): SyncStatus {
  return status;
}

/** What the server render and a guest see: nothing waiting. */
export function getInitialSyncStatus(): SyncStatus {
  return initial;
}

export function subscribeSyncStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function updateSyncStatus(changes: Partial<SyncStatus>): void {
  status = { ...status, ...changes };
  for (const listener of listeners) listener();
}

/** Where the account's changes stand (nothing waiting, for a guest: their diary is local). */
export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(subscribeSyncStatus, getSyncStatus, getInitialSyncStatus);
}
