import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A browser history of one tab: entries, the current index, traversals that land a task later. */
function fakeWindow() {
  const entries: unknown[] = [{ page: 'dashboard' }];
  let index = 0;
  const listeners = new Set<(event: { state: unknown }) => void>();
  const history = {
    get state() {
      return entries[index];
    },
    get length() {
      return entries.length;
    },
    pushState(state: unknown) {
      entries.splice(index + 1, entries.length, state);
      index += 1;
    },
    go(delta: number) {
      setTimeout(() => {
        index = Math.max(0, Math.min(entries.length - 1, index + delta));
        for (const listener of listeners) listener({ state: entries[index] });
      }, 0);
    },
    back() {
      this.go(-1);
    },
  };
  return {
    history,
    index: () => index,
    addEventListener: (_type: string, listener: (event: { state: unknown }) => void) =>
      listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: { state: unknown }) => void) =>
      listeners.delete(listener),
  };
}

let win: ReturnType<typeof fakeWindow>;
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeEach(() => {
  vi.resetModules();
  win = fakeWindow();
  vi.stubGlobal('window', win);
});
afterEach(() => vi.unstubAllGlobals());

describe('dialogs and steps in the browser history', () => {
  it('Back closes the top layer first, then the one below, and the page stays', async () => {
    const { pushLayer } = await import('@/lib/navigation/history-layers');
    const closed: string[] = [];
    pushLayer(() => closed.push('dialog'));
    pushLayer(() => closed.push('amount step'));
    expect(win.history.length).toBe(3);
    win.history.back();
    await tick();
    expect(closed).toEqual(['amount step']);
    win.history.back();
    await tick();
    expect(closed).toEqual(['amount step', 'dialog']);
    expect(win.index()).toBe(0);
  });

  it('a dialog closed by its own button takes its entry off, with its open step, in one go', async () => {
    const { pushLayer, whenHistorySettled } = await import('@/lib/navigation/history-layers');
    const onPop = vi.fn();
    const releaseDialog = pushLayer(onPop);
    const releaseStep = pushLayer(onPop);
    releaseDialog();
    releaseStep();
    await whenHistorySettled();
    expect(win.index()).toBe(0);
    // The traversal it made closes nothing by itself.
    expect(onPop).not.toHaveBeenCalled();
    // Opened again, the dialog takes the place of the old entry: the history does not grow.
    pushLayer(onPop)();
    await whenHistorySettled();
    expect(win.index()).toBe(0);
    expect(win.history.length).toBe(2);
  });

  it('a layer released after Back popped it does not go back again', async () => {
    const { pushLayer, whenHistorySettled } = await import('@/lib/navigation/history-layers');
    let release = () => {};
    release = pushLayer(() => release());
    win.history.back();
    await tick();
    await whenHistorySettled();
    expect(win.index()).toBe(0);
  });

  it('leaves the history alone when the page has moved on from the layer', async () => {
    const { pushLayer, whenHistorySettled } = await import('@/lib/navigation/history-layers');
    const release = pushLayer(() => {});
    // A link followed from inside the dialog: the new page's entry has no layer.
    win.history.pushState({ page: 'food' });
    release();
    await whenHistorySettled();
    expect(win.history.state).toEqual({ page: 'food' });
  });
});
