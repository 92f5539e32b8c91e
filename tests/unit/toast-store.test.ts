import { describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@/lib/limits';
import {
  dismissToast,
  getToasts,
  subscribeToasts,
  toast,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
} from '@/lib/ui/toast-store';

describe('toast store', () => {
  it('keeps a toast with an action (Undo) for TIMINGS.actionToastMs unless told otherwise', () => {
    const undo = toast({ title: 'Entry deleted', action: { label: 'Undo', onClick: () => undefined } });
    const plain = toast({ title: 'Saved' });
    const forever = toast({
      title: 'Problem',
      duration: Infinity,
      action: { label: 'Review', onClick: () => {} },
    });
    const byId = (id: number) => getToasts().find((item) => item.id === id);
    expect(byId(undo)?.duration).toBe(TIMINGS.actionToastMs);
    expect(TIMINGS.actionToastMs).toBeGreaterThan(5000);
    expect(byId(plain)?.duration).toBeUndefined();
    expect(byId(forever)?.duration).toBe(Infinity);
    for (const id of [undo, plain, forever]) dismissToast(id);
  });

  it('keeps at most five toasts, dropping the oldest', () => {
    const ids = Array.from({ length: 7 }, (_, index) => toast({ title: `Toast ${index}` }));
    const titles = getToasts().map((item) => item.title);
    expect(TOAST_LIMIT).toBe(5);
    expect(titles).toEqual(['Toast 2', 'Toast 3', 'Toast 4', 'Toast 5', 'Toast 6']);
    for (const id of ids) dismissToast(id);
  });

  it('closes a dismissed toast first and removes it after its exit animation', () => {
    vi.useFakeTimers();
    const listener = vi.fn();
    const unsubscribe = subscribeToasts(listener);
    const id = toast({ title: 'Saved' });
    dismissToast(id);
    expect(getToasts().find((item) => item.id === id)?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(getToasts().find((item) => item.id === id)).toBeUndefined();
    expect(listener).toHaveBeenCalled();
    unsubscribe();
    vi.useRealTimers();
  });
});
