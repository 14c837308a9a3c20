import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * The browser test of a freshly created app with the published plugins
 * (scripts/install-fresh-app.mjs starts it and sets FRESH_APP_URL). Same
 * Chromium settings as the demo's tests, no web server of its own.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  retries: 0,
  webServer: undefined,
  use: { ...base.use, baseURL: process.env.FRESH_APP_URL },
  outputDir: '../../node_modules/.cache/install-test-results',
});
