import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from './scripts/lib/chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;

// Debian's Chromium (see scripts/ensure-chromium.mjs); these flags keep it from reaching for
// Google's services, which this network refuses.
const launchOptions = {
  executablePath: findChromium() ?? undefined,
  args: [
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};

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
  use: { baseURL, trace: 'on-first-retry', launchOptions },
  projects: [
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
  ],
  webServer: {
    // The production build (`npm test` builds it first; ensure-build builds it when missing).
    command: `node scripts/ensure-build.mjs && npx next start -p ${PORT}`,
    url: `${baseURL}/builds/latest.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    env: { DATA_DIR: path.join(os.tmpdir(), `diary-e2e-${PORT}`) },
  },
});
