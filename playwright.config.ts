import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { findTestChromium, QUIET_CHROMIUM_ARGS } from './scripts/lib/chromium.mjs';
import { e2eDatabaseUrl } from './tests/support/e2e-database.mjs';
import { SCREEN_TAGS } from './tests/support/screen-tags';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;
const UNPROXIED_PORT = PORT + 1;
/** The second server, without TRUST_PROXY; specs read it from E2E_UNPROXIED_URL. */
const UNPROXIED_URL = `http://localhost:${UNPROXIED_PORT}`;
process.env.E2E_UNPROXIED_URL = UNPROXIED_URL;
/** The stand-in for Open Food Facts (tests/support/open-food-facts-stand-in.mjs) that both app servers read products from. */
const OPEN_FOOD_FACTS_URL = `http://127.0.0.1:${PORT + 2}`;
process.env.E2E_OPEN_FOOD_FACTS_URL = OPEN_FOOD_FACTS_URL;
const openFoodFacts = { OPEN_FOOD_FACTS_URL, OPEN_FOOD_FACTS_CONTACT: 'e2e tests' };
/** The stand-in Web Push service (tests/support/push-stand-in.mjs) the main server pushes reminders to. */
const PUSH_PORT = PORT + 5;
process.env.E2E_PUSH_PORT = String(PUSH_PORT);
/** Where tests/e2e/recipe-import.spec.ts serves recipe pages, by the worker's parallel index. */
const RECIPE_PAGE_PORTS = [PORT + 40, PORT + 41];
process.env.E2E_RECIPE_PAGE_PORTS = RECIPE_PAGE_PORTS.join(',');
// One per run, inherited by the workers: the tests' client addresses differ from run to run, so a
// run right after another on the same server data never meets the last run's limits.
process.env.E2E_RUN_ID ??= String(Date.now());

// Two more instances of the build, as a service runs it (decision 0028): one serves the app on
// app.test, the other the API on api.app.test (Chromium resolves both to this machine, see
// tests/e2e/api-origin.spec.ts). With TEST_DATABASE_URL they share one PostgreSQL database,
// made by their start command when missing and dropped after a CI run
// (tests/support/e2e-database.mjs), and tests/e2e/instances.spec.ts alternates requests
// between them.
const SPLIT_APP_PORT = PORT + 3;
const SPLIT_API_PORT = PORT + 4;
process.env.E2E_SPLIT_APP_URL = `http://app.test:${SPLIT_APP_PORT}`;
process.env.E2E_SPLIT_API_URL = `http://api.app.test:${SPLIT_API_PORT}`;
process.env.E2E_INSTANCE_URLS = `http://localhost:${SPLIT_APP_PORT},http://localhost:${SPLIT_API_PORT}`;
const sharedDatabase = process.env.TEST_DATABASE_URL
  ? { DATABASE_URL: e2eDatabaseUrl(process.env.TEST_DATABASE_URL, `diary_e2e_${SPLIT_API_PORT}`) }
  : undefined;
if (sharedDatabase) process.env.E2E_DATABASE_URL = sharedDatabase.DATABASE_URL;
const splitInstance = (port: number, env: Record<string, string>) => ({
  command: `node server/ensure-build.mjs && ${sharedDatabase ? 'node tests/support/create-e2e-database.mjs && ' : ''}node server/server.mjs`,
  url: `http://localhost:${port}/api/health`,
  reuseExistingServer: !process.env.CI,
  timeout: 180_000,
  env: {
    PORT: String(port),
    TRUST_PROXY: 'loopback',
    // Both instances sign sessions with one secret, as every instance of one deployment must.
    AUTH_SECRET: 'e2e-split-instances-secret-0123456789abcdef',
    ...(sharedDatabase ?? { DATA_DIR: path.join(os.tmpdir(), `diary-e2e-${port}`) }),
    ...openFoodFacts,
    ...env,
  },
});

// Debian's Chromium, its headless shell where installed (scripts/ensure-chromium.mjs), kept off
// Google's services.
const launchOptions = { executablePath: findTestChromium() ?? undefined, args: [...QUIET_CHROMIUM_ARGS] };

// Specs of API requests and servers started by the test, with no page: the desktop project runs
// them, and the phone would only repeat them.
const REQUESTS_ONLY = ['api-bodies', 'graceful-stop', 'instances', 'operations'].map(
  (name) => `**/${name}.spec.ts`,
);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // A browser in Ireland: English, metric and kcal, the units most flows assert. A flow about a
  // locale's default units (en-US: lb, oz) says so with test.use({ locale }).
  //
  // No service worker unless a spec asks for one (test.use({ serviceWorkers: 'allow' }) in every
  // spec that goes offline or reads the worker): installing it precaches the whole build, 105
  // files and 3.5 MB, in every new context, on the two cores the pages need. And less motion, as
  // a person can ask their system for (app/globals.css): a dialog is still the moment it opens.
  use: {
    baseURL,
    trace: 'on-first-retry',
    launchOptions,
    locale: 'en-IE',
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  },
  projects: [
    // A test tagged for one screen (tests/e2e/helpers.ts, onScreen) is not even listed for the other.
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions },
      grepInvert: new RegExp(SCREEN_TAGS.desktop),
      testIgnore: REQUESTS_ONLY,
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
      grepInvert: new RegExp(SCREEN_TAGS.mobile),
    },
  ],
  globalTeardown: './tests/support/e2e-teardown.ts',
  webServer: [
    {
      // The production build (`npm test` builds it first; ensure-build builds it when missing),
      // served by `npm start`'s server as if behind a proxy on loopback: each test then sends
      // an X-Forwarded-For of its own (tests/e2e/fixtures.ts) and counts as its own client.
      command: 'node server/ensure-build.mjs && node server/server.mjs',
      url: `${baseURL}/builds/latest.json`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      env: {
        PORT: String(PORT),
        TRUST_PROXY: 'loopback',
        DATA_DIR: path.join(os.tmpdir(), `diary-e2e-${PORT}`),
        ...openFoodFacts,
        // Reminders go to the stand-in only, looked for every 2 s rather than every minute.
        PUSH_SERVICE_HOSTS: `localhost:${PUSH_PORT}`,
        // The recipe pages tests/e2e/recipe-import.spec.ts serves, one port per worker.
        RECIPE_PAGE_HOSTS: RECIPE_PAGE_PORTS.map((port) => `127.0.0.1:${port}`).join(','),
        REMINDERS_EVERY_SECONDS: '2',
      },
    },
    {
      // The same build as `npm start` serves it by default, trusting no proxy: for the tests of
      // what a client's own X-Forwarded-For can do (tests/e2e/client-address.spec.ts).
      command: 'node server/ensure-build.mjs && node server/server.mjs',
      url: `${UNPROXIED_URL}/builds/latest.json`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      env: {
        PORT: String(UNPROXIED_PORT),
        DATA_DIR: path.join(os.tmpdir(), `diary-e2e-${UNPROXIED_PORT}`),
        ...openFoodFacts,
      },
    },
    splitInstance(SPLIT_APP_PORT, { NUXT_PUBLIC_API_URL: `${process.env.E2E_SPLIT_API_URL}/api` }),
    splitInstance(SPLIT_API_PORT, { CORS_ORIGINS: process.env.E2E_SPLIT_APP_URL }),
    {
      // A Web Push service on loopback, so reminders never leave the machine either.
      command: `node tests/support/push-stand-in.mjs --port ${PUSH_PORT}`,
      port: PUSH_PORT,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      // Recorded Open Food Facts answers, so barcode lookups never leave the machine.
      command: `node tests/support/open-food-facts-stand-in.mjs --port ${PORT + 2}`,
      url: `${OPEN_FOOD_FACTS_URL}/__calls`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
});
