/** A name as the diary stores it: control characters (NUL included) as spaces, one space between words. */
export const tidy = (text: string) =>
  text
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** `text` cut to `max` characters with an ellipsis, never between the two halves of an emoji. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  if (/[\ud800-\udbff]/.test(text[end - 1] ?? '')) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}
