import { createHash } from 'node:crypto';
import { test as base, type TestInfo } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Each test comes from an address of its own, as separate people do. The e2e server stands
 * behind a proxy on loopback (TRUST_PROXY=loopback in playwright.config.ts), so it reads the
 * address from X-Forwarded-For; without this, every test would share 127.0.0.1 and the
 * limits on registrations and failed logins per address would count the whole suite as one
 * person.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => {
    await provide({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddressOf(testInfo) });
  },
});

/** The test's own client address, the same on every try of one run. */
export function clientAddressOf(testInfo: TestInfo): string {
  const digest = createHash('sha256')
    .update(`${process.env.E2E_RUN_ID} ${testInfo.testId} ${testInfo.retry} ${testInfo.repeatEachIndex}`)
    .digest();
  return `10.${digest[0]}.${digest[1]}.${digest[2]}`;
}
