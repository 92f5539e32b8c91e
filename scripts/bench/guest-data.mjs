// Bench section: ten years of a guest diary (3,650 days; 8 and 15 entries a day) in the browser.
// Measures the stats computations (target: under 100 ms) and the localStorage those years take
// against the 5 MB quota. Runs the app's own modules, bundled with esbuild, in Chromium.
import { bundleForBrowser, launchBenchBrowser } from './browser-bundle.mjs';

export const STATS_TARGET_MS = 100;
/** First visits timed, each in a fresh page; the median is the figure (one cold run is noisy). */
export const FIRST_VISITS = 9;
/** How long a page is left to finish starting up before the settled first visits. */
const SETTLE_MS = 1000;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const list = (values) => values.map((value) => value.toFixed(1)).join(' / ');

export async function guestDataSection(ctx) {
  const script = await bundleForBrowser(new URL('./guest-data-entry.ts', import.meta.url));
  const browser = await launchBenchBrowser();
  try {
    // Pages of one context share localStorage; any page of the app gives the guest's origin.
    const context = await browser.newContext();
    const openPage = async () => {
      const page = await context.newPage();
      await page.goto(`${ctx.baseUrl}/builds/latest.json`);
      await page.addScriptTag({ content: script });
      return page;
    };
    const writer = await openPage();
    const heavy = await writer.evaluate(() => window.measureHeavy('heavy'));
    const typical = await writer.evaluate(() => window.measureHeavy('typical'));
    const written = await writer.evaluate(() => window.writeTenYears());
    await writer.close();
    const timeFirstVisits = async (settleMs = 0) => {
      const visits = [];
      for (let run = 0; run < FIRST_VISITS; run++) {
        const page = await openPage();
        if (settleMs > 0) await page.waitForTimeout(settleMs);
        visits.push(await page.evaluate(() => window.timeFirstVisit()));
        await page.close();
      }
      return visits;
    };
    const visits = await timeFirstVisits();
    // The same, once the fresh page has finished starting up: what is left is the read itself.
    const settled = (await timeFirstVisits(SETTLE_MS)).map((visit) => visit.firstVisitMs);
    const warmPage = await openPage();
    const warm = await warmPage.evaluate(() => window.timeWarm());
    // The same days as a build before the stored sums wrote them: each is read in full.
    await warmPage.evaluate(() => window.dropStoredSums());
    const withoutSums = (await timeFirstVisits()).map((visit) => visit.firstVisitMs);
    await warmPage.evaluate(() => localStorage.clear());
    const firstVisits = visits.map((visit) => visit.firstVisitMs);
    const storageOpens = visits.map((visit) => visit.storageOpenMs);
    const r = {
      ...written,
      decodeAllMs: warm.decodeAllMs,
      computeMs: warm.computeMs,
      lateCheckMs: warm.lateCheckMs,
      lateCheckSlices: warm.lateCheckSlices,
      firstVisitSettledMs: median(settled),
      settled,
      firstVisitWithoutSumsMs: median(withoutSums),
      withoutSums,
      tenYearsWarmMs: median(warm.tenYears),
      oneYearWarmMs: median(warm.oneYear),
      firstVisitMs: median(firstVisits),
      storageOpenMs: median(storageOpens),
      firstVisits,
      storageOpens,
    };
    const percent = (chars) => `${((chars / r.quotaChars) * 100).toFixed(1)} %`;
    const ms = (value) => `${value.toFixed(1)} ms`;
    return {
      target: `stats over 10 years < ${STATS_TARGET_MS} ms; 10 years fit the 5 MB localStorage (warning at 80 %)`,
      columns: [
        { key: 'measure', label: 'Measure' },
        { key: 'value', label: 'Value', align: 'right' },
        { key: 'verdict', label: 'Target' },
      ],
      rows: [
        { measure: 'Days / entries written', value: `${r.days} / ${r.entries}`, verdict: '' },
        {
          measure: 'Stored in localStorage: the heavy guest with nutrients, written for the timings below',
          value: `${(r.storedChars / 1e6).toFixed(2)} M chars = ${percent(r.storedChars)}`,
          verdict: r.storedChars < 0.8 * r.quotaChars ? 'PASS (< 80 %)' : 'MISS',
        },
        {
          measure: `Typical guest, ${typical.entries} entries (8 a day, 60 foods): without nutrients`,
          value: `${(typical.withoutChars / 1e6).toFixed(2)} M chars = ${percent(typical.withoutChars)}`,
          verdict: typical.withoutChars < 0.8 * r.quotaChars ? 'PASS (< 80 %)' : 'MISS',
        },
        {
          measure: `Typical guest with 22 nutrients an entry (${typical.sets} sets)`,
          value: `${((typical.withChars + typical.setChars) / 1e6).toFixed(2)} M chars = ${percent(typical.withChars + typical.setChars)}`,
          verdict: typical.withChars + typical.setChars < 0.8 * r.quotaChars ? 'PASS (< 80 %)' : 'MISS',
        },
        {
          measure: `Heavy guest, ${heavy.entries} entries (15 a day, 400 foods): without nutrients`,
          value: `${(heavy.withoutChars / 1e6).toFixed(2)} M chars = ${percent(heavy.withoutChars)}`,
          verdict: heavy.withoutChars < 0.8 * r.quotaChars ? 'PASS (< 80 %)' : 'MISS',
        },
        {
          measure: `Heavy guest with 22 nutrients an entry (${heavy.sets} foods as logged, stored once each: ${(heavy.setChars / 1e3).toFixed(0)} k chars)`,
          value: `${((heavy.withChars + heavy.setChars) / 1e6).toFixed(2)} M chars = ${percent(heavy.withChars + heavy.setChars)}`,
          verdict: heavy.withChars + heavy.setChars < 0.8 * r.quotaChars ? 'PASS (< 80 %)' : 'MISS',
        },
        {
          measure: 'Same data as plain JSON objects',
          value: `${(r.plainChars / 1e6).toFixed(2)} M chars = ${percent(r.plainChars)}`,
          verdict: 'for comparison',
        },
        {
          measure: `First visit: the stats report over 10 years (read every day's stored sums; stats + streaks), median of ${FIRST_VISITS} fresh pages`,
          value: ms(r.firstVisitMs),
          verdict: r.firstVisitMs < STATS_TARGET_MS ? 'PASS' : 'MISS',
        },
        {
          measure: `The same, ${SETTLE_MS} ms after each page opened (no start-up work of its own alongside)`,
          value: ms(r.firstVisitSettledMs),
          verdict: '',
        },
        {
          measure: `Then, in idle slices of at most 8 ms: the late check reading every day in full`,
          value: `${ms(r.lateCheckMs)} in ${r.lateCheckSlices} slices`,
          verdict: '',
        },
        {
          measure: `For comparison: the first visit over days written without stored sums (read in full), median of ${FIRST_VISITS}`,
          value: ms(r.firstVisitWithoutSumsMs),
          verdict: '',
        },
        {
          measure:
            "For comparison: the browser opening the 3 MB storage (the theme script's read, every page)",
          value: ms(r.storageOpenMs),
          verdict: '',
        },
        { measure: 'For comparison: read + decode every day in full', value: ms(r.decodeAllMs), verdict: '' },
        {
          measure: 'For comparison: stats + streaks over the decoded days',
          value: ms(r.computeMs),
          verdict: '',
        },
        {
          measure: 'Range change, 10 years (median of 7)',
          value: ms(r.tenYearsWarmMs),
          verdict: r.tenYearsWarmMs < STATS_TARGET_MS ? 'PASS' : 'MISS',
        },
        {
          measure: 'Range change, 1 year (median of 7)',
          value: ms(r.oneYearWarmMs),
          verdict: r.oneYearWarmMs < STATS_TARGET_MS ? 'PASS' : 'MISS',
        },
      ],
      notes: [
        `First visits, each in a fresh page: ${list(firstVisits)} ms; storage opened in ${list(storageOpens)} ms.`,
        `First visits ${SETTLE_MS} ms after opening: ${list(settled)} ms.`,
        `First visits over days without stored sums: ${list(withoutSums)} ms.`,
        ...(r.writeError ? [r.writeError] : []),
      ],
      raw: { ...r, heavy, typical },
    };
  } finally {
    await browser.close();
  }
}
