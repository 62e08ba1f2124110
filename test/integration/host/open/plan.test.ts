/**
 * Which way `npm start` shows the app when it runs the browser host, the one line that says
 * so, and the browser's command line for the app window.
 */
import { describe, expect, it } from 'vitest'
import { appWindowArgs } from '../../../../src/host/open/app-window'
import { planOpening } from '../../../../src/host/open/plan'

const CHROMIUM = { name: 'Chromium', path: '/usr/bin/chromium' }

describe('planOpening', () => {
  it('opens a window of the browser found, saying it is because Electron is missing', () => {
    expect(planOpening({ requested: undefined, find: () => CHROMIUM })).toEqual({
      mode: 'window',
      browser: CHROMIUM,
      line: 'Grant Desk: opening in an app window of Chromium (/usr/bin/chromium), because the Electron binary is not installed.',
    })
  })

  it('prints the address when no browser is found, and says what was looked for', () => {
    const plan = planOpening({ requested: undefined, find: () => null })
    expect(plan.mode).toBe('none')
    expect(plan).toHaveProperty(
      'line',
      'Grant Desk: starting without a window, because the Electron binary is not installed and no Chromium, Google Chrome, Microsoft Edge or Brave was found; open the address below in a browser.',
    )
  })

  it('GRANT_DESK_OPEN=none never looks for a browser', () => {
    const plan = planOpening({
      requested: 'none',
      find: () => {
        throw new Error('looked')
      },
    })
    expect(plan).toEqual({ mode: 'none', line: expect.stringContaining('(GRANT_DESK_OPEN=none)') })
  })

  it('GRANT_DESK_OPEN=window names itself as the reason, and refuses with the fix when there is no browser', () => {
    expect(planOpening({ requested: 'window', find: () => CHROMIUM })).toHaveProperty('line', expect.stringMatching(/because GRANT_DESK_OPEN=window\.$/))
    const refused = planOpening({ requested: 'window', find: () => null })
    expect(refused.mode).toBe('refused')
    expect(refused).toHaveProperty('message', expect.stringContaining('set GRANT_DESK_BROWSER to its program, or unset GRANT_DESK_OPEN'))
  })

  it('GRANT_DESK_BROWSER wins over the search, and one that cannot run is refused rather than passed over', () => {
    const brave = { name: 'brave', path: '/home/ada/brave/brave' }
    expect(planOpening({ requested: undefined, chosen: { path: brave.path, browser: brave }, find: () => CHROMIUM })).toMatchObject({
      mode: 'window',
      browser: brave,
      line: expect.stringContaining('(/home/ada/brave/brave, from GRANT_DESK_BROWSER)'),
    })
    expect(planOpening({ requested: undefined, chosen: { path: '/nope', browser: null }, find: () => CHROMIUM })).toMatchObject({
      mode: 'refused',
      message: expect.stringContaining('GRANT_DESK_BROWSER is /nope'),
    })
  })
})

describe('appWindowArgs', () => {
  const base = { url: 'http://127.0.0.1:5175/open/abc', profileDir: '/data/app-window-profile' }

  it('opens the address as an app on its own profile, without first-run pages or background traffic', () => {
    expect(appWindowArgs({ ...base, platform: 'linux', isRoot: false })).toEqual([
      '--app=http://127.0.0.1:5175/open/abc',
      '--user-data-dir=/data/app-window-profile',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ])
  })

  it('turns the sandbox off only as root on Linux', () => {
    expect(appWindowArgs({ ...base, platform: 'linux', isRoot: true })).toContain('--no-sandbox')
    for (const platform of ['darwin', 'win32'] as const) expect(appWindowArgs({ ...base, platform, isRoot: true })).not.toContain('--no-sandbox')
    expect(appWindowArgs({ ...base, platform: 'linux', isRoot: false })).not.toContain('--no-sandbox')
  })

  it('opens a DevTools port only when asked (tests)', () => {
    expect(appWindowArgs({ ...base, platform: 'linux', isRoot: false }).some((arg) => arg.startsWith('--remote-debugging'))).toBe(false)
    expect(appWindowArgs({ ...base, platform: 'linux', isRoot: false, remoteDebugging: true })).toContain('--remote-debugging-port=0')
  })
})
