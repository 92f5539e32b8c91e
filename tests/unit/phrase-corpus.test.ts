import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  describeItem,
  parseCorpus,
  scorePhrase,
  shareRight,
  type CorpusPhrase,
  type ItemVerdict,
} from '../fixtures/phrases';
import { readAgainstCatalog, wholeCatalog } from '../support/whole-catalog';

/*
 * How well "Say what you ate" (issue 49) reads what people really type: the corpus of
 * tests/fixtures/phrases.tsv, each phrase read against the whole built-in catalog as the add dialog
 * reads it, and each food scored right when it is one the corpus accepts and its grams are within
 * 10 % of a person's. The misreadings are printed, so whoever works on the reader sees what to fix.
 */

/** The share of foods the reader must get right. */
const BAR = 0.9;

const corpus = parseCorpus(readFileSync(path.join(process.cwd(), 'tests/fixtures/phrases.tsv'), 'utf8'));

type Scored = { phrase: CorpusPhrase; verdicts: ItemVerdict[]; read: string };

function readAll(): Scored[] {
  return corpus.map((phrase) => {
    const { matches } = readAgainstCatalog(phrase.phrase, phrase.locale);
    const read = matches.map((match) => ({ food: match.found?.id ?? null, grams: match.grams }));
    return {
      phrase,
      verdicts: scorePhrase(phrase.items, read),
      // What the grammar made of it, for the misreadings' table: "2 × slice · bread".
      read: matches
        .map(({ item }) =>
          [item.quantity ?? '', item.measure ? `× ${item.measure.canonical}` : '', `· ${item.food}`]
            .filter(Boolean)
            .join(' '),
        )
        .join(' ; '),
    };
  });
}

describe('the phrase corpus', () => {
  it('has as many English phrases as Russian ones, and names only foods of the catalog', () => {
    const ids = new Set(wholeCatalog.map((food) => food.id));
    const unknown = corpus.flatMap((phrase) =>
      phrase.items.flatMap((item) =>
        item.foods.filter((id) => !ids.has(id)).map((id) => `${phrase.line}: ${id}`),
      ),
    );
    expect(unknown).toEqual([]);
    const english = corpus.filter((phrase) => phrase.locale === 'en').length;
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    expect(english).toBe(corpus.length - english);
    expect(corpus.filter((phrase) => phrase.items.length > 1).length).toBeGreaterThanOrEqual(30);
  });

  it(`is read right for at least ${BAR * 100} % of its foods`, () => {
    const scored = readAll();
    const verdicts = scored.flatMap((each) => each.verdicts);
    const share = shareRight(verdicts);
    const byLocale = (locale: 'en' | 'ru') =>
      shareRight(scored.filter((each) => each.phrase.locale === locale).flatMap((each) => each.verdicts));
    const misread = scored.flatMap(({ phrase, verdicts: items, read }) =>
      items
        .filter((verdict) => !verdict.right)
        .map((verdict) => ({
          line: phrase.line,
          phrase: phrase.phrase,
          expected: describeItem(verdict.expected),
          got: describeItem(verdict.got),
          read,
        })),
    );
    console.log(
      `Phrase corpus: ${(share * 100).toFixed(1)} % of ${verdicts.length} foods read right ` +
        `(en ${(byLocale('en') * 100).toFixed(1)} %, ru ${(byLocale('ru') * 100).toFixed(1)} %), ` +
        `${misread.length} misread.`,
    );
    if (misread.length > 0) console.table(misread);
    expect(share).toBeGreaterThanOrEqual(BAR);
  });
});
