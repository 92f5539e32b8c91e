import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the browser's PerformanceObserver that lets a test report paints. */
class FakePaintObserver {
  static current: FakePaintObserver | undefined;
  constructor(private readonly report: (list: { getEntries: () => { startTime: number }[] }) => void) {
    FakePaintObserver.current = this;
  }
  observe() {}
  disconnect() {
    FakePaintObserver.current = undefined;
  }
  paint(startTime: number) {
    this.report({ getEntries: () => [{ startTime }] });
  }
}

let now = 0;

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  now = 1000;
  vi.stubGlobal('document', { readyState: 'complete' });
  vi.stubGlobal('window', {
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
    requestIdleCallback: (callback: () => void) => setTimeout(callback, 0),
    cancelIdleCallback: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
    addEventListener: () => {},
    removeEventListener: () => {},
  });
  vi.stubGlobal('performance', { now: () => now });
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A fresh lib/browser/idle on a page that said its content comes late, with `work` waiting on it. */
async function workWaitingForLateContent() {
  const idle = await import('@/lib/browser/idle');
  idle.expectLateContent();
  const work = vi.fn();
  const cancel = idle.afterLoadWhenIdle(work);
  return { ...idle, work, cancel };
}

describe('work that waits for the page (lib/browser/idle)', () => {
  it('runs once the loaded page is idle when its content came with the HTML', async () => {
    const { afterLoadWhenIdle } = await import('@/lib/browser/idle');
    const work = vi.fn();
    afterLoadWhenIdle(work);
    await vi.advanceTimersByTimeAsync(0);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for a late view to be rendered and painted before it starts', async () => {
    const { work, lateContentShown } = await workWaitingForLateContent();
    await vi.advanceTimersByTimeAsync(300);
    expect(work).not.toHaveBeenCalled();

    lateContentShown();
    // A paint from before the view rendered does not count.
    FakePaintObserver.current?.paint(now - 10);
    await vi.advanceTimersByTimeAsync(100);
    expect(work).not.toHaveBeenCalled();

    FakePaintObserver.current?.paint(now + 16);
    await vi.advanceTimersByTimeAsync(0);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('goes on without a paint report a moment after the view rendered', async () => {
    const { work, lateContentShown } = await workWaitingForLateContent();
    lateContentShown();
    await vi.advanceTimersByTimeAsync(499);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(1); // the idle moment after it
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does not wait forever for a view that never comes', async () => {
    const { work, LATE_CONTENT_TIMEOUT_MS } = await workWaitingForLateContent();
    await vi.advanceTimersByTimeAsync(LATE_CONTENT_TIMEOUT_MS - 1);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(1); // the idle moment after it
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', async () => {
    const { work, cancel, lateContentShown } = await workWaitingForLateContent();
    cancel();
    lateContentShown();
    await vi.advanceTimersByTimeAsync(5000);
    expect(work).not.toHaveBeenCalled();
  });

  it('tells how long ago the page loaded, for work that is due a fixed time after load', async () => {
    const idle = await import('@/lib/browser/idle');
    expect(idle.timeSinceLoad()).toBe(0);
    idle.afterLoadWhenIdle(() => {});
    now += 1500;
    expect(idle.timeSinceLoad()).toBe(1500);
  });
});
