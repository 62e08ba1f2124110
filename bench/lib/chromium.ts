/**
 * The Debian Chromium the browser benches run in (CHROMIUM_PATH names another), with the flags
 * this machine needs (no sandbox, no GPU) and none of the browser's own background work
 * (updates, sync, first-run pages) timed beside the page.
 */
import { chromium, type Browser } from '@playwright/test'

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] || '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** Launches that Chromium; `extraArgs` after the common flags. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] })
}
