/** Opens the command palette from anywhere (a button, a menu) without importing it. */
export const OPEN_PALETTE_EVENT = 'app:open-command-palette';

export function openCommandPalette(): void {
  window.dispatchEvent(new Event(OPEN_PALETTE_EVENT));
}
