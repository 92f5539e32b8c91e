import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: KeyboardEvent) => void;
let listeners: Set<Listener>;

/** Presses a key on the button that opened the dialog; answers whether the page would still act on it. */
function press(key: string): boolean {
  let prevented = false;
  const event = {
    key,
    target: null,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    get defaultPrevented() {
      return prevented;
    },
    preventDefault: () => {
      prevented = true;
    },
  } as unknown as KeyboardEvent;
  for (const listener of listeners) listener(event);
  return !prevented;
}

beforeEach(() => {
  vi.resetModules();
  listeners = new Set();
  vi.stubGlobal('document', {
    addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
  });
  vi.stubGlobal('window', { setTimeout, clearTimeout });
  vi.stubGlobal('HTMLElement', class {});
});
afterEach(() => vi.unstubAllGlobals());

describe('keys typed while a dialog opens', () => {
  it('keeps the letters and Enter for the field that is coming', async () => {
    const { startTypingBuffer, takeTyped } = await import('@/lib/ui/typing-buffer');
    startTypingBuffer();
    for (const key of ['b', 'a', 'n', 'x', 'Backspace', 'a']) expect(press(key)).toBe(false);
    expect(press('Enter')).toBe(false);
    expect(takeTyped()).toEqual({ text: 'bana', enter: true });
    // Taken once: the buffer has stopped and the page has its keys back.
    expect(press('Enter')).toBe(true);
    expect(takeTyped()).toEqual({ text: '', enter: false });
  });

  it('forgets an Enter of an earlier opening', async () => {
    const { startTypingBuffer, takeTyped } = await import('@/lib/ui/typing-buffer');
    startTypingBuffer();
    press('Enter');
    startTypingBuffer();
    press('7');
    expect(takeTyped()).toEqual({ text: '7', enter: false });
  });
});
