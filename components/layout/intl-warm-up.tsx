import { requestNonce } from '@/lib/server/nonce';

/*
 * A browser loads its locale data (ICU) the first time a page creates an Intl formatter: about
 * 40 ms of main thread on a mid-range phone, in one piece. On the diary pages that first
 * formatter belonged to the view, so the cost landed in the middle of the page's first render,
 * as one long task before the day's figures appeared. This inline script pays it while the HTML
 * is still being parsed, when the main thread is waiting for the page's scripts to download.
 */
const WARM_UP =
  'try{var l=document.documentElement.lang;new Intl.NumberFormat(l).format(0);new Intl.DateTimeFormat(l).format(0)}catch(e){}';

export async function IntlWarmUp() {
  return <script nonce={await requestNonce()} dangerouslySetInnerHTML={{ __html: WARM_UP }} />;
}
