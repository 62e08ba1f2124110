/**
 * How `npm start` shows the app when it runs the browser host (the Electron binary is missing,
 * or GRANT_DESK_OPEN asks for a window or for none): in an app window of a Chromium-family
 * browser, or by printing the address. The one line saying which, and why, is made here.
 */
import type { Browser } from './browsers'

/** What GRANT_DESK_OPEN may ask for. */
export const OPEN_MODES = ['electron', 'window', 'none'] as const
export type OpenMode = (typeof OPEN_MODES)[number]

export type OpenPlan = { mode: 'window'; browser: Browser; line: string } | { mode: 'none'; line: string } | { mode: 'refused'; message: string }

export interface PlanOptions {
  /** GRANT_DESK_OPEN, when set. `electron` never reaches the host (scripts/start.mjs runs Electron). */
  requested: Exclude<OpenMode, 'electron'> | undefined
  /** The browser named by GRANT_DESK_BROWSER, when set: null when that path cannot be run. */
  chosen?: { path: string; browser: Browser | null }
  /** Looks for an installed Chromium-family browser. */
  find: () => Browser | null
}

const NO_ELECTRON = 'the Electron binary is not installed'
const LOOKED_FOR = 'Chromium, Google Chrome, Microsoft Edge or Brave'

export function planOpening({ requested, chosen, find }: PlanOptions): OpenPlan {
  if (requested === 'none') {
    return { mode: 'none', line: 'Grant Desk: starting without a window (GRANT_DESK_OPEN=none); open the address below in a browser.' }
  }
  const why = requested === 'window' ? 'GRANT_DESK_OPEN=window' : NO_ELECTRON
  if (chosen && !chosen.browser) {
    return {
      mode: 'refused',
      message: `Grant Desk: GRANT_DESK_BROWSER is ${chosen.path}, which is not a program this user can run; point it at a Chromium-family browser, or unset it to let Grant Desk look for one.`,
    }
  }
  const browser = chosen?.browser ?? find()
  if (browser) {
    const from = chosen ? ', from GRANT_DESK_BROWSER' : ''
    return { mode: 'window', browser, line: `Grant Desk: opening in an app window of ${browser.name} (${browser.path}${from}), because ${why}.` }
  }
  if (requested === 'window') {
    return {
      mode: 'refused',
      message: `Grant Desk: GRANT_DESK_OPEN=window, but no ${LOOKED_FOR} was found on PATH or in the usual install folders; install one, set GRANT_DESK_BROWSER to its program, or unset GRANT_DESK_OPEN.`,
    }
  }
  return {
    mode: 'none',
    line: `Grant Desk: starting without a window, because ${NO_ELECTRON} and no ${LOOKED_FOR} was found; open the address below in a browser.`,
  }
}
