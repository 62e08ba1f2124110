/**
 * End-to-end tests in a real Chromium against the browser host (test/e2e). Playwright's own
 * browser download cannot reach its host on our machines, so Debian's Chromium is used;
 * CHROMIUM_PATH points elsewhere (e.g. a local Chrome).
 */
import { defineConfig } from '@playwright/test'
import { useRunScratch } from './test/support/run-scratch'

// Every temporary folder of the run in one, removed as it ends (the module says why).
useRunScratch('playwright')

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  // One host, one sandbox and one Chromium at a time fit a 2-core CI machine.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env['CI']),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env['CI'] ? 'line' : 'list',
  use: {
    screenshot: 'only-on-failure',
    // A trace records every action's snapshots and screenshots for each test, kept or not, and costs
    // the suite a fifth of its time (screens.spec: 164 s with it, 135 s without). CI keeps only
    // the run's output, so there it has no reader; a failing test here keeps its trace.
    trace: process.env['CI'] ? 'off' : 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: process.env['CHROMIUM_PATH'] || '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        },
      },
    },
  ],
})
