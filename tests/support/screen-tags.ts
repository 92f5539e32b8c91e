/**
 * The tags that keep an e2e test off the other screen's project: playwright.config.ts drops them
 * with each project's grepInvert, and tests/e2e/helpers.ts (onScreen, onScreenOf) hands them out.
 */
export const SCREEN_TAGS = { desktop: '@desktop-only', mobile: '@mobile-only' } as const;
