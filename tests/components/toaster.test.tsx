import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { locales } from '@/lib/i18n/config';
import { TIMINGS } from '@/lib/limits';
import { dismissToast, getToasts, toast, TOAST_DURATION_MS } from '@/lib/ui/toast-store';
import { messages, renderInDiary } from './render';

// The seed's Radix toasts: 5000 ms, an Undo's 10 s (TIMINGS.actionToastMs), paused while the
// pointer or the keyboard rests on them, F8 to reach them, Close in the user's language. Where
// they sit on each screen is the e2e tier's (tests/e2e/toasts-tooltips.spec.ts).

// Timers and the clock only: React needs its microtasks. Events go by fireEvent: user-event
// waits on timers of its own.
beforeEach(() =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }),
);
afterEach(() => {
  // The queue is the app's one: what a test raised goes before the next.
  act(() => {
    for (const item of getToasts()) dismissToast(item.id);
    vi.runAllTimers();
  });
  vi.useRealTimers();
});

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const toastItem = (title: string) => screen.getByText(title).closest('li')!;
const isOpen = (title: string) =>
  screen.queryByText(title)?.closest('li')?.getAttribute('data-state') === 'open';

describe('a toast', () => {
  it('closes by itself after 5000 ms, not before', async () => {
    renderInDiary(<Toaster />);
    act(() => void toast({ title: 'Five seconds' }));
    expect(isOpen('Five seconds')).toBe(true);
    await wait(TOAST_DURATION_MS - 100);
    expect(isOpen('Five seconds')).toBe(true);
    await wait(200);
    expect(isOpen('Five seconds')).toBe(false);
  });

  it('with an Undo stays 10 s, and while hovered or focused stays until left', async () => {
    renderInDiary(<Toaster />);
    act(() => void toast({ title: 'Deleted', action: { label: 'Undo', onClick: () => undefined } }));
    await wait(TIMINGS.actionToastMs - 300);
    expect(isOpen('Deleted')).toBe(true);
    await wait(600);
    expect(isOpen('Deleted')).toBe(false);

    act(() => void toast({ title: 'Again', action: { label: 'Undo', onClick: () => undefined } }));
    // The pointer rests on it: past its 10 s, it stays.
    fireEvent.pointerMove(toastItem('Again'));
    await wait(TIMINGS.actionToastMs + 1000);
    expect(isOpen('Again')).toBe(true);
    // The pointer goes, the keyboard reaches it (F8, as a phone's user without a pointer does).
    fireEvent.pointerLeave(toastItem('Again').closest('[role="region"]')!);
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement?.closest('[role="region"]')).not.toBeNull();
    await wait(TIMINGS.actionToastMs + 1000);
    expect(isOpen('Again')).toBe(true);
    // Left alone again, it goes.
    act(() => (document.activeElement as HTMLElement).blur());
    await wait(TIMINGS.actionToastMs + 500);
    expect(isOpen('Again')).toBe(false);
  });
});

describe.each(locales)('the notifications region in %s', (locale) => {
  it('is reached with F8 under its label, and Close dismisses a toast', async () => {
    renderInDiary(<Toaster />, { locale });
    act(() => void toast({ title: 'Hello', duration: Infinity }));
    const label = messages[locale].ui.notificationsRegion;
    expect(screen.getByRole('region', { name: label })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label')).toBe(label);
    fireEvent.click(screen.getByRole('button', { name: messages[locale].ui.close }));
    expect(isOpen('Hello')).toBe(false);
  });
});
