/**
 * Where the service worker stands in this tab. The registrar writes it; settings shows it
 * (the seed's "registration failed" flag is the 'failed' state).
 */
export type PwaStatus = 'pending' | 'ready' | 'failed' | 'unsupported';

let status: PwaStatus = 'pending';
const listeners = new Set<() => void>();

export function setPwaStatus(next: PwaStatus): void {
  status = next;
  for (const listener of listeners) listener();
}

export function getPwaStatus(): PwaStatus {
  return status;
}

export function subscribePwaStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
