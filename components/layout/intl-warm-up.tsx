import { requestNonce } from '@/lib/server/nonce';

/** The worker that loads the locale data; a file of our own origin, as the CSP's worker-src asks. */
export const INTL_WARM_UP_WORKER = '/intl-warm-up.js';

/*
 * A browser loads its locale data (ICU) the first time a page creates an Intl formatter: one long
 * task on the main thread, which used to fall in the middle of the diary view's first render.
 * Loading it on the main thread earlier only moved the long task (after the first paint it still
 * blocks taps). The data is kept for the whole page, though, so a worker that creates the same
 * formatters pays the cost on another thread, while the page's scripts download, and the view's
 * first formatter then costs next to nothing (figures in decision 0012). Without workers the
 * view simply pays as before.
 */
const WARM_UP = `try{new Worker(${JSON.stringify(INTL_WARM_UP_WORKER)},{name:document.documentElement.lang})}catch(e){}`;

export async function IntlWarmUp() {
  return <script nonce={await requestNonce()} dangerouslySetInnerHTML={{ __html: WARM_UP }} />;
}
