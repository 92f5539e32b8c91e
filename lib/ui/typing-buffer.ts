/**
 * Keeps what the user types between pressing a button that opens a search and the search field
 * being on screen (its code may still be loading, its dialog still opening), so the field can
 * start with it and no keystroke is lost. Keys aimed at a field are left alone: once the search
 * field has focus, it takes them itself.
 */

/** How long the buffer waits for its field before it stops listening. */
const BUFFER_TIMEOUT_MS = 10_000;

let typed = '';
/** Enter pressed meanwhile: the field acts on it once it can (the search picks its first result). */
let entered = false;
let stopListening: (() => void) | null = null;

function isField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || target.matches('input, textarea, select'))
  );
}

function onKeyDown(event: KeyboardEvent) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isField(event.target))
    return;
  if (event.key.length === 1) typed += event.key;
  else if (event.key === 'Backspace') typed = typed.slice(0, -1);
  else if (event.key === 'Enter') entered = true;
  else return;
  // The key belongs to the field that is coming, not to the button that still has focus.
  event.preventDefault();
}

/** Starts keeping keystrokes, forgetting any kept before. */
export function startTypingBuffer(): void {
  stopTypingBuffer();
  document.addEventListener('keydown', onKeyDown, true);
  const timer = window.setTimeout(stopTypingBuffer, BUFFER_TIMEOUT_MS);
  stopListening = () => {
    document.removeEventListener('keydown', onKeyDown, true);
    window.clearTimeout(timer);
  };
}

/** What was typed since the start, and whether Enter was pressed; the buffer stops and forgets it. */
export function takeTyped(): { text: string; enter: boolean } {
  const kept = { text: typed, enter: entered };
  stopTypingBuffer();
  return kept;
}

/** Stops keeping keystrokes and forgets them. */
export function stopTypingBuffer(): void {
  stopListening?.();
  stopListening = null;
  typed = '';
  entered = false;
}
