/**
 * The app window of `npm start` without Electron: a Chromium-family browser started in app
 * mode (`--app`: no tabs, no address bar) on a profile folder of its own, so it never touches
 * the person's browsing profile, and stopped with everything it started.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { readlinkSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import type { Browser } from './browsers'

/** The folder of the app window's own browser profile, inside the app's data folder. */
export const WINDOW_PROFILE_FOLDER = 'app-window-profile'

export interface AppWindowArgsOptions {
  url: string
  profileDir: string
  platform: NodeJS.Platform
  /** True when this process runs as root (uid 0). */
  isRoot: boolean
  /** Tests only: a DevTools port (picked by Chromium, written to `DevToolsActivePort` in the profile). */
  remoteDebugging?: boolean
}

export function appWindowArgs(options: AppWindowArgsOptions): string[] {
  const args = [
    `--app=${options.url}`,
    `--user-data-dir=${options.profileDir}`,
    // A window for one local app: no welcome pages, and no traffic to the vendor's servers
    // (updates of components, sync, field trials) that the app does not need.
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ]
  // Chromium refuses to start as root on Linux unless its sandbox is turned off ("Running as
  // root without --no-sandbox is not supported"), and containers and CI often run as root.
  // Everywhere else the sandbox stays on.
  if (options.platform === 'linux' && options.isRoot) args.push('--no-sandbox')
  // Any local program could drive the window (and read its token) through this port, so only
  // the tests that ask for it get one.
  if (options.remoteDebugging) args.push('--remote-debugging-port=0')
  return args
}

/**
 * The pid of a browser still running on this profile (an app window left by an earlier run
 * whose host was killed outright), or null. Chromium allows one browser per profile and hands
 * a second start over to the first, which exits at once: the new run would take that for
 * "the window was closed" and stop. Chromium marks the profile with a `SingletonLock` link to
 * `<host name>-<pid>` (on Linux and macOS; Windows locks differently and is not checked).
 */
export function browserOnProfile(profileDir: string): number | null {
  let target: string
  try {
    target = readlinkSync(join(profileDir, 'SingletonLock'))
  } catch {
    return null
  }
  const match = /^(.*)-(\d+)$/.exec(target)
  if (!match || match[1] !== hostname()) return null
  const pid = Number(match[2])
  try {
    // A lock left by a browser that died names a pid that is gone, or reused by another program.
    const args = execFileSync('ps', ['-ww', '-o', 'args=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    return args.includes(profileDir) ? pid : null
  } catch {
    return null
  }
}

export interface WindowExit {
  code: number | null
  signal: NodeJS.Signals | null
  /** Set when the browser could not be started at all. */
  error?: Error
  /** The browser's last lines on stderr, to explain a failure. */
  stderrTail: string
}

export interface AppWindow {
  pid: number | undefined
  /** Settles when the browser's main process has ended (the window was closed, or it failed). */
  exited: Promise<WindowExit>
  /**
   * Stops the browser and every process it started; settles when they are gone. Call it after
   * the window closed by itself too: helpers still finishing are stopped then.
   */
  close(): Promise<void>
  /** Kills them at once, for a last-moment exit (synchronous). */
  killNow(): void
}

const CLOSE_GRACE_MS = 5_000
const SWEEP_GRACE_MS = 2_000
const STDERR_LINES = 8

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Sends a signal to a process group; false once the group has no process left. */
function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal)
    return true
  } catch {
    return false // ESRCH: the group is empty
  }
}

async function groupGone(pgid: number, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs
  while (signalGroup(pgid, 0)) {
    if (Date.now() > until) return false
    await delay(50)
  }
  return true
}

export function openAppWindow(browser: Browser, args: string[], platform: NodeJS.Platform = process.platform): AppWindow {
  // Its own process group on POSIX, so the renderer, GPU and utility processes it starts can
  // be stopped together, and Ctrl+C in the terminal reaches the host (which closes the window
  // in order) rather than the browser. Windows has no process groups: ending the browser's
  // main process ends its children there.
  const group = platform !== 'win32'
  let child: ChildProcess
  const stderr: string[] = []
  const exited = new Promise<WindowExit>((resolve) => {
    child = spawn(browser.path, args, { detached: group, stdio: ['ignore', 'ignore', 'pipe'], windowsHide: false })
    // Chromium talks a lot on stderr (D-Bus, GPU, fonts); keep only the end, for a failure.
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr.push(...chunk.split('\n').filter((line) => line.trim() !== ''))
      stderr.splice(0, Math.max(0, stderr.length - STDERR_LINES))
    })
    child.once('error', (error) => resolve({ code: null, signal: null, error, stderrTail: stderr.join('\n') }))
    child.once('exit', (code, signal) => resolve({ code, signal, stderrTail: stderr.join('\n') }))
  })
  const pid = child!.pid

  let closing: Promise<void> | null = null
  // Once the group is known to be empty its id may be reused: never signal it again.
  let gone = pid === undefined
  const close = () =>
    (closing ??= (async () => {
      if (pid === undefined) return
      if (!group) {
        child.kill()
        await exited
        gone = true
        return
      }
      // Chromium closes its window and helpers on SIGTERM; a hung one gets SIGKILL.
      signalGroup(pid, 'SIGTERM')
      if (!(await groupGone(pid, CLOSE_GRACE_MS))) signalGroup(pid, 'SIGKILL')
      await exited
      gone = await groupGone(pid, SWEEP_GRACE_MS)
    })())

  return {
    pid,
    exited,
    close,
    killNow: () => {
      if (pid === undefined || gone) return
      if (group) signalGroup(pid, 'SIGKILL')
      else child.kill('SIGKILL')
    },
  }
}
