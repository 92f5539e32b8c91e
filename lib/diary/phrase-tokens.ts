import { ABBREVIATIONS, FRACTION_CHARS } from '@/lib/diary/phrase-words';

/*
 * The tokenizer of the phrase reader (lib/diary/phrase-reader.ts): a text cut into numbers,
 * words and marks, each with where it stands and whether a space came before it ("200g").
 */

export type TokenKind = 'num' | 'frac' | 'word' | 'sep' | 'dash' | 'other';
export interface Token {
  kind: TokenKind;
  text: string;
  /** Folded: lower case, ё as е. */
  norm: string;
  start: number;
  end: number;
  /** The value of a number or a fraction. */
  value: number;
  /** Written right after the token before, with no space ("200g"). */
  attached: boolean;
}

const FRACTION_CLASS = Object.keys(FRACTION_CHARS).join('');
// One alternation tried at each position with the sticky flag: every branch is a run of one
// character class, so reading is linear in the text's length.
const TOKEN = new RegExp(
  [
    '(\\r\\n|\\n|\\r)', // 1 new line
    '([^\\S\\r\\n]+)', // 2 spacing
    '(\\d+(?:[.,]\\d+)?[^\\S\\r\\n]?%)', // 3 a percentage is part of a food's name ("2% milk", "молоко 2,5 %")
    '(\\d+/\\d+)', // 4 a fraction
    '(\\d+(?:[.,]\\d+)?)', // 5 a number, decimal point or comma
    `([${FRACTION_CLASS}])`, // 6 a fraction character
    "([\\p{L}\\p{M}]+(?:\\([\\p{L}]{1,2}\\))?(?:['’\\-][\\p{L}\\p{M}]+)*)", // 7 a word
    '([,;&+:!?])', // 8 a separator
    '(\\.)', // 9 a dot
    '([\\-–—])', // 10 a dash
    '(×)', // 11 times
    `([^\\s\\p{L}\\p{M}\\d${FRACTION_CLASS},;&+:!?.\\-–—×]+)`, // 12 anything else
  ].join('|'),
  'uy',
);

/** Text as words are compared: lower case, ё as е. */
export const fold = (text: string) => text.toLowerCase().replace(/ё/g, 'е');

export /**
 * The tokens of a text, each with its span: numbers, fractions, words, separators, dashes and
 * runs of anything else (kept, so the reader can name them as unread). Linear in the text.
 */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  let spaced = true;
  const push = (kind: TokenKind, raw: string, value = 0, norm = fold(raw)) => {
    tokens.push({
      kind,
      text: raw,
      norm,
      start: position,
      end: position + raw.length,
      value,
      attached: !spaced,
    });
    spaced = false;
  };
  while (position < text.length) {
    TOKEN.lastIndex = position;
    const match = TOKEN.exec(text);
    if (!match) {
      // A lone surrogate or the like: one character, named as unread.
      push('other', text[position]!);
      position += 1;
      continue;
    }
    const raw = match[0];
    if (match[1] !== undefined) push('sep', raw, 0, '\n');
    else if (match[2] !== undefined) spaced = true;
    else if (match[3] !== undefined || match[7] !== undefined) push('word', raw);
    else if (match[4] !== undefined) {
      const [top, bottom] = raw.split('/').map(Number) as [number, number];
      if (bottom === 0) push('other', raw);
      else push('frac', raw, top / bottom);
    } else if (match[5] !== undefined) push('num', raw, Number(raw.replace(',', '.')));
    else if (match[6] !== undefined) push('frac', raw, FRACTION_CHARS[raw]!);
    else if (match[8] !== undefined) push(raw === '!' || raw === '?' ? 'other' : 'sep', raw);
    else if (match[9] !== undefined) {
      // "ст. л." and "oz." keep their dot; after any other word a dot ends a sentence.
      const before = tokens.at(-1);
      if (before?.kind === 'word' && ABBREVIATIONS.has(before.norm)) spaced = true;
      else push('sep', raw);
    } else if (match[10] !== undefined) push('dash', raw);
    else if (match[11] !== undefined) push('word', raw, 0, 'x');
    else push('other', raw);
    position += raw.length;
  }
  // "!!!" after "!" runs: merge neighbouring unread marks into one, as typed.
  return tokens.reduce<Token[]>((merged, token) => {
    const last = merged.at(-1);
    if (last && token.kind === 'other' && last.kind === 'other' && token.attached) {
      merged[merged.length - 1] = { ...last, text: last.text + token.text, end: token.end };
    } else merged.push(token);
    return merged;
  }, []);
}

/** Whether `token` is one of `words` (folded). */
export const isWord = (token: Token | undefined, ...words: string[]) =>
  token?.kind === 'word' && words.includes(token.norm);
