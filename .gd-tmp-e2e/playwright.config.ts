import { defineConfig } from '@playwright/test'
export default defineConfig({
  testDir: '.',
  outputDir: '/tmp/gd-e2e-results',
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: { screenshot: 'only-on-failure' },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] } } }],
})
