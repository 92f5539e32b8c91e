import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: KeyboardEvent) => void;
let listeners: Set<Listener>;
/** The element with the focus, as the page's document would say. */
let focused: unknown;
/** The fields the buffer put in the page and has not taken out. */
let inPage: FakeInput[];

const focusOn = (element: unknown) => {
  focused = element;
};

class FakeElement {
  isContentEditable = false;
  matches(selector: string) {
    return selector.includes('input') && this instanceof FakeInput;
  }
  focus() {
    focusOn(this);
  }
}
class FakeInput extends FakeElement {
  value = '';
  style = { cssText: '' };
  setAttribute() {}
  remove() {
    inPage = inPage.filter((input) => input !== this);
    if (focused === this) focused = null;
  }
}

/** The button that opened the dialog. */
const opener = new FakeElement();

/** Presses a key where the focus is; answers whether the page would still act on it. */
function press(key: string, target: unknown = focused): boolean {
  let prevented = false;
  const event = {
    key,
    target,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    isComposing: false,
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
  inPage = [];
  focused = opener;
  vi.stubGlobal('document', {
    addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
    get activeElement() {
      return focused;
    },
    createElement: () => new FakeInput(),
    body: { append: (input: FakeInput) => inPage.push(input) },
  });
  vi.stubGlobal('window', { setTimeout, clearTimeout });
  vi.stubGlobal('HTMLElement', FakeElement);
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

  it('keeps text that comes without key events, as a phone keyboard sends it, in order with keys', async () => {
    const { startTypingBuffer, takeTyped } = await import('@/lib/ui/typing-buffer');
    startTypingBuffer();
    // The buffer's own field has the focus: a phone's keyboard and an input method write into it.
    const catcher = focused as FakeInput;
    expect(inPage).toEqual([catcher]);
    catcher.value += 'Йог';
    expect(press('у')).toBe(false);
    catcher.value += 'рт';
    expect(press('Enter')).toBe(false);
    expect(takeTyped()).toEqual({ text: 'Йогурт', enter: true });
    expect(inPage).toEqual([]);
  });

  it('gives the focus back to the button when the field never comes', async () => {
    const { startTypingBuffer, stopTypingBuffer } = await import('@/lib/ui/typing-buffer');
    startTypingBuffer();
    expect(focused).not.toBe(opener);
    stopTypingBuffer();
    expect(focused).toBe(opener);
    expect(inPage).toEqual([]);
  });
});
