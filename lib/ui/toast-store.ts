import { TIMINGS } from '@/lib/limits';

/**
 * The app-wide toast queue. Any module can call `toast()`; the <Toaster> renders the queue with
 * Radix Toast. The seed keeps at most 5 toasts: a sixth pushes the oldest out.
 */
export const TOAST_LIMIT = 5;
export const TOAST_DURATION_MS = 5000;
/** How long a closed toast stays mounted so its exit animation can play. */
export const TOAST_REMOVE_DELAY_MS = 200;

export type ToastVariant = 'info' | 'success' | 'error';

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /**
   * Milliseconds before it closes by itself; Infinity keeps it until dismissed. A toast with an
   * action (Undo) stays TIMINGS.actionToastMs unless told otherwise: see lib/limits.ts.
   */
  duration?: number;
  action?: { label: string; onClick: () => void };
};

export type ToastItem = ToastInput & { id: number; open: boolean };

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast and answers its id, for dismissing it early. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  const duration = input.duration ?? (input.action ? TIMINGS.actionToastMs : undefined);
  emit([...toasts, { ...input, duration, id, open: true }].slice(-TOAST_LIMIT));
  return id;
}

/** Closes a toast; it is removed once its exit animation is over. */
export function dismissToast(id: number): void {
  emit(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => emit(toasts.filter((item) => item.id !== id)), TOAST_REMOVE_DELAY_MS);
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return toasts;
}

const noToasts: ToastItem[] = [];
export function getServerToasts(): ToastItem[] {
  return noToasts;
}
