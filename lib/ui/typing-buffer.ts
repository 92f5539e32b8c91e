/**
 * Keeps what the user types between pressing a button that opens a search and the search field
 * being on screen (its code may still be loading, its dialog still opening), so the field can
 * start with it and no keystroke is lost. Keys aimed at a field are left alone: once the search
 * field has focus, it takes them itself.
 *
 * Text that comes without key events (a phone's keyboard, an input method, dictation, the Russian
 * letters of a test's keyboard) is sent only to a text field: while a button has the focus, no
 * page sees it at all. So the buffer holds the focus in a field of its own, off screen, from the
 * tap until the real field takes over: whatever way the text comes, it lands there. Focused within
 * the tap, it also brings up a phone's keyboard at once, as the real field will want it.
 */

/** How long the buffer waits for its field before it stops listening. */
const BUFFER_TIMEOUT_MS = 10_000;

/** Enter pressed meanwhile: the field acts on it once it can (the search picks its first result). */
let entered = false;
/** The off-screen field that holds the text meanwhile, however it came. */
let catcher: HTMLInputElement | null = null;
let stopListening: (() => void) | null = null;

function isField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || target.matches('input, textarea, select'))
  );
}

function onKeyDown(event: KeyboardEvent) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
  if (catcher === null || (event.target !== catcher && isField(event.target))) return;
  // Keys are written into the catcher here, wherever the focus is (the catcher, or a button that
  // took it back), so keys and text without keys stay in the order they came. A phone's keys
  // ("Unidentified") and an input method's ("Process") are left to insert their own text.
  if (event.key.length === 1) catcher.value += event.key;
  else if (event.key === 'Backspace') catcher.value = catcher.value.slice(0, -1);
  else if (event.key === 'Enter') entered = true;
  else return;
  // The key belongs to the field that is coming, not to the button or a form.
  event.preventDefault();
}

/** The off-screen field, in the body, where a phone does not scroll or zoom to it. */
function makeCatcher(inputMode: string): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'text';
  input.inputMode = inputMode;
  input.autocomplete = 'off';
  input.tabIndex = -1;
  // Hidden from assistive technology: it is held for a moment, and the real field is announced.
  input.setAttribute('aria-hidden', 'true');
  input.setAttribute('data-typing-buffer', '');
  // 16 px, so iOS does not zoom in on focus; transparent and in a corner of the screen that is
  // always there, so focusing it scrolls nothing.
  input.style.cssText =
    'position:fixed;top:0;left:0;width:1px;height:1px;padding:0;border:0;opacity:0;font-size:16px;pointer-events:none';
  document.body.append(input);
  return input;
}

/**
 * Starts keeping what is typed, forgetting anything kept before. Call it within the tap or key
 * that opens the field: a phone brings its keyboard up only for a focus given in a user's gesture.
 * `inputMode` is the keyboard the coming field wants ("decimal" for a weight).
 */
export function startTypingBuffer({ inputMode = 'text' }: { inputMode?: string } = {}): void {
  stopTypingBuffer();
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.addEventListener('keydown', onKeyDown, true);
  catcher = makeCatcher(inputMode);
  catcher.focus({ preventScroll: true });
  const timer = window.setTimeout(stopTypingBuffer, BUFFER_TIMEOUT_MS);
  const held = catcher;
  stopListening = () => {
    document.removeEventListener('keydown', onKeyDown, true);
    window.clearTimeout(timer);
    // The field never came (its code failed to load, or took too long): the focus goes back to
    // the button that opened it, not to the page's start.
    if (document.activeElement === held) opener?.focus({ preventScroll: true });
    held.remove();
  };
}

/** What was typed since the start, and whether Enter was pressed; the buffer stops and forgets it. */
export function takeTyped(): { text: string; enter: boolean } {
  const kept = { text: catcher?.value ?? '', enter: entered };
  stopTypingBuffer();
  return kept;
}

/** Stops keeping what is typed and forgets it. */
export function stopTypingBuffer(): void {
  stopListening?.();
  stopListening = null;
  catcher = null;
  entered = false;
}
