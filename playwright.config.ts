import { defineConfig } from '@playwright/test';

/**
 * Browser tests of the demo portal, driven by Debian's Chromium (never a
 * downloaded browser). `yarn test:e2e` starts the demo (sandbox, backend,
 * frontend) unless one already answers on 127.0.0.1:3000.
 */
export default defineConfig({
  testDir: 'test/e2e',
  timeout: 240_000,
  expect: { timeout: 30_000 },
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  reporter: [['list']],
  webServer: {
    command: 'node scripts/start-demo.mjs',
    url: 'http://127.0.0.1:3000',
    reuseExistingServer: true,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
  use: {
    baseURL: process.env.PLAYWRIGHT_URL ?? 'http://127.0.0.1:3000',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.KARGO_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  outputDir: 'node_modules/.cache/e2e-test-results',
});
