/**
 * `npm start`'s other modes (the Electron binary is missing on our machines): forced by
 * GRANT_DESK_OPEN, refused with one line, and a browser that cannot show a window (no display),
 * where the host keeps running and prints the address instead. Each run is `node
 * scripts/start.mjs` on a temporary data folder; each must leave no process behind.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { WINDOW_PROFILE_FOLDER } from '../../src/host/open/app-window'
import { TOKEN_HEADER } from '../../src/host/server'
import { assertBuilt } from '../support/browser-host'
import { type ProcessRow, processTree, stillRunning } from '../support/processes'
import { tempDir } from '../support/service'

const PROJECT = fileURLToPath(new URL('../..', import.meta.url))
const CHROMIUM = '/usr/bin/chromium'

function electronInstalled(): boolean {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown
    return typeof path === 'string' && existsSync(path)
  } catch {
    return false
  }
}

interface Run {
  child: ChildProcess
  dataDir: string
  output(): string
  exited: Promise<number | null>
  seen: ProcessRow[]
}

let run: Run | null = null

afterEach(async () => {
  if (!run) return
  for (const row of stillRunning([...run.seen, ...processTree(run.child.pid!)])) {
    try {
      process.kill(row.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  await rm(run.dataDir, { recursive: true, force: true })
  run = null
})

function start(env: Record<string, string | undefined>): Run {
  const dataDir = tempDir('grant-desk-modes-')
  const full: NodeJS.ProcessEnv = { ...process.env, GRANT_DESK_DATA: dataDir, GRANT_DESK_PORT: '0', ...env }
  for (const key of ['GRANT_SERVICE_URL', 'GRANT_DESK_BROWSER', ...Object.keys(env)]) if (full[key] === undefined) delete full[key]
  const child = spawn(process.execPath, [join(PROJECT, 'scripts/start.mjs')], { cwd: PROJECT, env: full, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let text = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  run = { child, dataDir, output: () => text, exited, seen: [] }
  return run
}

async function waitForOutput(r: Run, pattern: RegExp, timeoutMs = 90_000): Promise<RegExpExecArray> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const match = pattern.exec(r.output())
    if (match) return match
    if (r.child.exitCode !== null) throw new Error(`start.mjs ended (${r.child.exitCode}) before ${pattern}. Output:\n${r.output()}`)
    if (Date.now() > until) throw new Error(`Timed out waiting for ${pattern}. Output:\n${r.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** SIGTERM, then: it exits, and nothing it started is left. */
async function stopAndCheck(r: Run): Promise<void> {
  r.seen = processTree(r.child.pid!)
  process.kill(r.child.pid!, 'SIGTERM')
  expect(await r.exited).toBe(0)
  let left = stillRunning(r.seen)
  for (const until = Date.now() + 10_000; left.length > 0 && Date.now() < until; left = stillRunning(r.seen))
    await new Promise((resolve) => setTimeout(resolve, 200))
  expect(left.map((row) => row.args.slice(0, 100))).toEqual([])
}

async function rpcWorks(address: string): Promise<void> {
  const url = new URL(address)
  const token = new URLSearchParams(url.hash.slice(1)).get('token')!
  const answer = await fetch(`${url.origin}/rpc/settings.get`, { method: 'POST', headers: { [TOKEN_HEADER]: token } })
  expect(answer.status).toBe(200)
  expect(await answer.json()).toMatchObject({ ok: true })
}

const withElectron = electronInstalled()

describe('npm start’s modes', () => {
  it('refuses an unknown GRANT_DESK_OPEN in one line, naming the choices', async () => {
    const r = start({ GRANT_DESK_OPEN: 'browser' })
    expect(await r.exited).toBe(1)
    expect(r.output()).toBe('Grant Desk: GRANT_DESK_OPEN is "browser"; use one of electron, window, none, or unset it to let Grant Desk choose.\n')
  })

  it.skipIf(withElectron)('refuses GRANT_DESK_OPEN=electron in one line when its binary is missing', async () => {
    const r = start({ GRANT_DESK_OPEN: 'electron' })
    expect(await r.exited).toBe(1)
    const lines = r.output().trimEnd().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Grant Desk: GRANT_DESK_OPEN=electron, but the Electron binary is not installed .*unset GRANT_DESK_OPEN/)
  })

  it('GRANT_DESK_OPEN=none prints the address with its token and opens no window', async () => {
    assertBuilt()
    const r = start({ GRANT_DESK_OPEN: 'none' })
    await waitForOutput(r, /^Grant Desk: starting without a window \(GRANT_DESK_OPEN=none\); open the address below in a browser\.$/m)
    const address = (await waitForOutput(r, /^Grant Desk \(browser\) at (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)$/m))[1]!
    await rpcWorks(address)
    expect(existsSync(join(r.dataDir, WINDOW_PROFILE_FOLDER))).toBe(false)
    expect(processTree(r.child.pid!).some((row) => row.args.includes('chromium'))).toBe(false)
    await stopAndCheck(r)
  })

  it.skipIf(!existsSync(CHROMIUM))('keeps running and prints the address when the browser cannot show a window (no display)', async () => {
    assertBuilt()
    // Where Electron is installed, the window is asked for; here, it is what npm start does.
    const r = start({ DISPLAY: undefined, WAYLAND_DISPLAY: undefined, GRANT_DESK_OPEN: withElectron ? 'window' : undefined })
    const why = withElectron ? 'GRANT_DESK_OPEN=window' : 'the Electron binary is not installed'
    await waitForOutput(r, new RegExp(`^Grant Desk: opening in an app window of Chromium \\(/usr/bin/chromium\\), because ${why}\\.$`, 'm'))
    const address = (
      await waitForOutput(
        r,
        /^Grant Desk: the app window of Chromium did not stay open \(it exited with code \d+.*\)\. Grant Desk keeps running: open (http:\/\/127\.0\.0\.1:\d+\/#token=\S+) in a browser; Ctrl\+C stops it\.$/m,
      )
    )[1]!
    await rpcWorks(address)
    await stopAndCheck(r)
  })
})
