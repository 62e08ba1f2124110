/**
 * The table of where Chromium-family browsers live, per platform. The file system is a set of
 * paths given to the finder (its `isExecutable`), so each platform's table is checked on any
 * machine; the real lookup on this one is proven by test/start/app-window.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { browserCandidates, findBrowser } from '../../../../src/host/open/browsers'

function installed(...paths: string[]) {
  const files = new Set(paths)
  return (path: string) => files.has(path)
}

const LINUX = { platform: 'linux' as const, env: { PATH: '/home/ada/bin:/usr/local/bin:/usr/bin' }, homeDir: '/home/ada' }
const MAC = { platform: 'darwin' as const, env: { PATH: '/usr/local/bin:/usr/bin:/bin' }, homeDir: '/Users/ada' }
const WINDOWS = {
  platform: 'win32' as const,
  env: {
    Path: 'C:\\Windows\\system32;C:\\Tools',
    PROGRAMFILES: 'C:\\Program Files',
    'PROGRAMFILES(X86)': 'C:\\Program Files (x86)',
    LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local',
  },
  homeDir: 'C:\\Users\\ada',
}

describe('findBrowser on Linux', () => {
  it('finds Debian’s Chromium on PATH', () => {
    expect(findBrowser({ ...LINUX, isExecutable: installed('/usr/bin/chromium') })).toEqual({ name: 'Chromium', path: '/usr/bin/chromium' })
  })

  it('prefers the first PATH folder that has it', () => {
    expect(findBrowser({ ...LINUX, isExecutable: installed('/usr/bin/chromium', '/home/ada/bin/chromium') })?.path).toBe('/home/ada/bin/chromium')
  })

  it('finds Chrome, Edge and Brave in /opt when they are not on PATH', () => {
    expect(findBrowser({ ...LINUX, env: { PATH: '' }, isExecutable: installed('/opt/google/chrome/chrome') })).toEqual({
      name: 'Google Chrome',
      path: '/opt/google/chrome/chrome',
    })
    expect(findBrowser({ ...LINUX, env: { PATH: '' }, isExecutable: installed('/opt/microsoft/msedge/msedge') })).toEqual({
      name: 'Microsoft Edge',
      path: '/opt/microsoft/msedge/msedge',
    })
    expect(findBrowser({ ...LINUX, env: { PATH: '' }, isExecutable: installed('/opt/brave.com/brave/brave') })).toEqual({
      name: 'Brave',
      path: '/opt/brave.com/brave/brave',
    })
  })

  it('finds the snap of Chromium and Ubuntu’s chromium-browser', () => {
    expect(findBrowser({ ...LINUX, env: {}, isExecutable: installed('/snap/bin/chromium') })?.path).toBe('/snap/bin/chromium')
    expect(findBrowser({ ...LINUX, isExecutable: installed('/usr/local/bin/chromium-browser') })?.path).toBe('/usr/local/bin/chromium-browser')
  })

  it('takes Chromium over Chrome, Chrome over Edge, Edge over Brave', () => {
    const all = installed('/usr/bin/brave-browser', '/usr/bin/microsoft-edge', '/usr/bin/google-chrome', '/usr/bin/chromium')
    expect(findBrowser({ ...LINUX, isExecutable: all })?.name).toBe('Chromium')
    expect(findBrowser({ ...LINUX, isExecutable: installed('/usr/bin/brave-browser', '/usr/bin/microsoft-edge', '/usr/bin/google-chrome') })?.name).toBe(
      'Google Chrome',
    )
    expect(findBrowser({ ...LINUX, isExecutable: installed('/usr/bin/brave-browser', '/usr/bin/microsoft-edge') })?.name).toBe('Microsoft Edge')
  })

  it('ignores relative PATH entries (a folder named by the current directory is not a place to run programs from)', () => {
    const candidates = browserCandidates({ ...LINUX, env: { PATH: 'bin:.:/usr/bin' } }).map((c) => c.path)
    expect(candidates.some((path) => !path.startsWith('/'))).toBe(false)
  })

  it('answers null when nothing is installed, and never looks at macOS or Windows places', () => {
    const looked: string[] = []
    expect(findBrowser({ ...LINUX, isExecutable: (path) => (looked.push(path), false) })).toBeNull()
    expect(looked.length).toBeGreaterThan(10)
    expect(looked.filter((path) => path.includes('/Applications/') || path.includes('\\'))).toEqual([])
  })
})

describe('findBrowser on macOS', () => {
  it('finds each browser in /Applications', () => {
    for (const [name, path] of [
      ['Google Chrome', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'],
      ['Chromium', '/Applications/Chromium.app/Contents/MacOS/Chromium'],
      ['Microsoft Edge', '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge'],
      ['Brave', '/Applications/Brave Browser.app/Contents/MacOS/Brave Browser'],
    ]) {
      expect(findBrowser({ ...MAC, isExecutable: installed(path!) })).toEqual({ name, path })
    }
  })

  it('finds one installed for this user only, in ~/Applications', () => {
    const path = '/Users/ada/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'
    expect(findBrowser({ ...MAC, isExecutable: installed(path) })?.path).toBe(path)
  })

  it('does not look in Linux’s /opt or /snap', () => {
    expect(browserCandidates(MAC).filter((c) => c.path.startsWith('/opt/') || c.path.startsWith('/snap/'))).toEqual([])
  })
})

describe('findBrowser on Windows', () => {
  it('finds Edge where Windows installs it, with Windows paths', () => {
    const path = 'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe'
    expect(findBrowser({ ...WINDOWS, isExecutable: installed(path) })).toEqual({ name: 'Microsoft Edge', path })
  })

  it('finds Chrome and Brave installed for all users or for this user only', () => {
    const chrome = 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe'
    const userChrome = 'C:\\Users\\ada\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe'
    const brave = 'C:\\Users\\ada\\AppData\\Local\\BraveSoftware\\Brave-Browser\\Application\\brave.exe'
    expect(findBrowser({ ...WINDOWS, isExecutable: installed(chrome) })?.path).toBe(chrome)
    expect(findBrowser({ ...WINDOWS, isExecutable: installed(userChrome) })?.path).toBe(userChrome)
    expect(findBrowser({ ...WINDOWS, isExecutable: installed(brave) })).toEqual({ name: 'Brave', path: brave })
  })

  it('finds a browser on Path by its .exe name', () => {
    expect(findBrowser({ ...WINDOWS, isExecutable: installed('C:\\Tools\\chrome.exe') })).toEqual({ name: 'Google Chrome', path: 'C:\\Tools\\chrome.exe' })
  })

  it('lists each place once, however its folders are spelled', () => {
    const env = { ...WINDOWS.env, LOCALAPPDATA: 'C:\\PROGRAM FILES' }
    const paths = browserCandidates({ ...WINDOWS, env }).map((c) => c.path.toLowerCase())
    expect(new Set(paths).size).toBe(paths.length)
  })

  it('skips the install folders that are not set', () => {
    const paths = browserCandidates({ ...WINDOWS, env: { Path: '' } }).map((c) => c.path)
    expect(paths).toEqual([])
  })
})
