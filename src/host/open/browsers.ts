/**
 * Where a Chromium-family browser (Chromium, Chrome, Edge, Brave) lives on Linux, macOS and
 * Windows: the names it has on PATH and its usual install locations. `npm start` opens the app
 * in an app window of the first one found when the Electron binary is missing.
 *
 * Pure: the platform, environment, home folder and "is this an executable file" test are
 * passed in, so the table can be checked for every platform on any machine.
 */
import { posix, win32 } from 'node:path'

export type BrowserName = 'Chromium' | 'Google Chrome' | 'Microsoft Edge' | 'Brave'

export interface Browser {
  /** The family's name, or the program's file name when GRANT_DESK_BROWSER names it. */
  name: string
  path: string
}

export interface FindBrowserOptions {
  platform: NodeJS.Platform
  env: Record<string, string | undefined>
  homeDir: string
  /** True when `path` is a file this user may run. */
  isExecutable: (path: string) => boolean
}

interface Family {
  name: BrowserName
  /** Command names looked up on PATH (with `.exe` on Windows). */
  commands: { posix: string[]; win32: string[] }
  /** Linux install locations outside PATH (Google's and Microsoft's packages put the real binary in /opt). */
  linux: string[]
  /** macOS bundles, looked for in /Applications and ~/Applications. */
  macApp: string
  /** Windows: the path under Program Files, Program Files (x86) and the user's Local AppData. */
  windows: string
}

/** In order of preference: the open-source one first, then by how often each is installed. */
const FAMILIES: Family[] = [
  {
    name: 'Chromium',
    commands: { posix: ['chromium', 'chromium-browser'], win32: ['chromium'] },
    linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium', '/usr/lib/chromium/chromium'],
    macApp: 'Chromium.app/Contents/MacOS/Chromium',
    windows: 'Chromium\\Application\\chrome.exe',
  },
  {
    name: 'Google Chrome',
    commands: { posix: ['google-chrome', 'google-chrome-stable', 'chrome'], win32: ['chrome'] },
    linux: ['/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/opt/google/chrome/chrome'],
    macApp: 'Google Chrome.app/Contents/MacOS/Google Chrome',
    windows: 'Google\\Chrome\\Application\\chrome.exe',
  },
  {
    name: 'Microsoft Edge',
    commands: { posix: ['microsoft-edge', 'microsoft-edge-stable'], win32: ['msedge'] },
    linux: ['/usr/bin/microsoft-edge', '/usr/bin/microsoft-edge-stable', '/opt/microsoft/msedge/msedge'],
    macApp: 'Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    windows: 'Microsoft\\Edge\\Application\\msedge.exe',
  },
  {
    name: 'Brave',
    commands: { posix: ['brave-browser', 'brave'], win32: ['brave'] },
    linux: ['/usr/bin/brave-browser', '/usr/bin/brave', '/opt/brave.com/brave/brave', '/snap/bin/brave'],
    macApp: 'Brave Browser.app/Contents/MacOS/Brave Browser',
    windows: 'BraveSoftware\\Brave-Browser\\Application\\brave.exe',
  },
]

/** Every place looked at, in order, for the platform given (duplicates removed). */
export function browserCandidates(options: Omit<FindBrowserOptions, 'isExecutable'>): Browser[] {
  const { platform, env, homeDir } = options
  const windows = platform === 'win32'
  const path = windows ? win32 : posix
  // Windows spells the variable Path; Node's env object is case-insensitive there, a plain one is not.
  const pathVariable = env.PATH ?? env.Path ?? ''
  const pathDirs = pathVariable.split(path.delimiter).filter((dir) => dir !== '' && path.isAbsolute(dir))
  // Only real programs: a .cmd or .bat shim on PATH would need a shell to run.
  const extension = windows ? '.exe' : ''
  const windowsRoots = windows
    ? [env.PROGRAMFILES ?? env.ProgramFiles, env['PROGRAMFILES(X86)'] ?? env['ProgramFiles(x86)'], env.LOCALAPPDATA].filter((dir): dir is string => !!dir)
    : []

  const seen = new Set<string>()
  const candidates: Browser[] = []
  const add = (name: BrowserName, file: string) => {
    const key = windows ? file.toLowerCase() : file
    if (seen.has(key)) return
    seen.add(key)
    candidates.push({ name, path: file })
  }
  for (const family of FAMILIES) {
    for (const command of windows ? family.commands.win32 : family.commands.posix) {
      for (const dir of pathDirs) add(family.name, path.join(dir, command + extension))
    }
    if (platform === 'linux') for (const file of family.linux) add(family.name, file)
    if (platform === 'darwin') {
      for (const dir of ['/Applications', path.join(homeDir, 'Applications')]) add(family.name, path.join(dir, family.macApp))
    }
    if (windows) for (const dir of windowsRoots) add(family.name, path.join(dir, family.windows))
  }
  return candidates
}

/** The first Chromium-family browser installed, or null. */
export function findBrowser(options: FindBrowserOptions): Browser | null {
  return browserCandidates(options).find((candidate) => options.isExecutable(candidate.path)) ?? null
}
