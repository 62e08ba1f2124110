/**
 * Killed in the middle of a save. The browser host runs as its own process (the bundle of
 * `npm run build`, out/host/main.mjs, as `npm run start:browser` runs it) on one data folder; the test
 * saves a draft over and over through its `/rpc` with large pitches and kills the process with
 * SIGKILL at a random moment, 50 times. After every kill the next host must start, and the
 * draft must read back whole as one of the versions that were sent — never a mix, never
 * empty, never damaged.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostCommand } from '../../scripts/launch/browser-host.mjs'
import type { IpcResult } from '../../src/shared/ipc'
import { assertHostBuilt } from '../support/host-process'
import { IDS, startTestService, tempDir, testFixture, type TestService } from '../support/service'

const KILLS = 50

let service: TestService
let dataDir: string
let child: ChildProcess | null = null

interface Host {
  url: string
  token: string
  process: ChildProcess
}

/** Starts the host process and waits for the line with its address. */
function startHost(): Promise<Host> {
  return new Promise((resolve, reject) => {
    // The bundle starts listening in under a second where tsx's loader took 3–5 s: 51 starts a run.
    const [program, args] = hostCommand()
    const proc = spawn(program, args, {
      env: { ...process.env, GRANT_DESK_DATA: dataDir, GRANT_DESK_PORT: '0', GRANT_SERVICE_URL: service.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = proc
    let output = ''
    const timer = setTimeout(() => reject(new Error(`the host did not start in 30 s:\n${output}`)), 30_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const found = /Grant Desk \(browser\) at (http:\/\/127\.0\.0\.1:\d+)\/#token=(\S+)/.exec(output)
      if (found) {
        clearTimeout(timer)
        resolve({ url: found[1]!, token: found[2]!, process: proc })
      }
    }
    proc.stdout!.on('data', read)
    proc.stderr!.on('data', read)
    proc.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the host exited with ${code} before it started:\n${output}`))
    })
  })
}

async function rpc<T>(host: Host, channel: string, input?: unknown): Promise<IpcResult<T>> {
  const response = await fetch(`${host.url}/rpc/${channel}`, {
    method: 'POST',
    headers: { 'x-grant-desk-token': host.token, 'content-type': 'application/json' },
    body: input === undefined ? '' : JSON.stringify(input),
  })
  return (await response.json()) as IpcResult<T>
}

async function kill(host: Host): Promise<void> {
  const exited = new Promise((resolve) => host.process.once('exit', resolve))
  host.process.kill('SIGKILL')
  await exited
  child = null
}

/** A large pitch, distinct per (round, save): about 300 KB, so that a write takes a while. */
function pitch(round: number, save: number): string {
  const line = `Round ${round}, save ${save}: a paragraph long enough to make the write take time. `
  return `# Pitch ${round}.${save}\n\n${line.repeat(Math.ceil(300_000 / line.length))}\n`
}

beforeAll(async () => {
  assertHostBuilt()
  service = await startTestService({ fixture: testFixture() })
  dataDir = tempDir('grant-desk-crash-')
})
afterAll(async () => {
  child?.kill('SIGKILL')
  await service.dispose()
})

describe('kill -9 in the middle of a save', () => {
  it(`${KILLS} times: every restart reads the draft back whole, as one of the versions sent`, async () => {
    let host = await startHost()
    const created = await rpc<{ id: string; version: string; pitch: string }>(host, 'drafts.create', { grantId: IDS.freeForm })
    if (!created.ok) throw new Error(created.error.message)
    const id = created.value.id
    const sent = new Set<string>([created.value.pitch])
    let killedMidWrite = 0
    let completedSaves = 0

    for (let round = 0; round < KILLS; round++) {
      const current = await rpc<{ version: string; pitch: string; status: string }>(host, 'drafts.get', { id })
      expect(current.ok, `round ${round}: ${current.ok ? '' : current.error.message}`).toBe(true)
      if (!current.ok) return
      expect(sent.has(current.value.pitch), `round ${round}: the draft holds a pitch that was never sent`).toBe(true)

      // Save as fast as the host takes it; the kill lands at a random moment among the saves.
      let version = current.value.version
      let stop = false
      const saving = (async () => {
        for (let save = 0; !stop; save++) {
          const text = pitch(round, save)
          sent.add(text)
          const saved = await rpc<{ version: string }>(host, 'drafts.save', { id, pitch: text, customFields: {}, baseVersion: version }).catch(() => null)
          if (saved === null) {
            killedMidWrite++
            return
          }
          if (!saved.ok) throw new Error(`round ${round}: ${saved.error.code} ${saved.error.message}`)
          version = saved.value.version
          completedSaves++
        }
      })()
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.floor(Math.random() * 120)))
      await kill(host)
      stop = true
      await saving
      host = await startHost()
    }

    const last = await rpc<{ pitch: string }>(host, 'drafts.get', { id })
    expect(last.ok).toBe(true)
    if (last.ok) expect(sent.has(last.value.pitch)).toBe(true)
    const list = await rpc<{ items: { id: string; state: string }[] }>(host, 'drafts.list')
    expect(list.ok && list.value.items.map((item) => [item.id, item.state])).toEqual([[id, 'ok']])
    const leftovers = readdirSync(join(dataDir, 'drafts')).filter((name) => /\.md\.\d+$/.test(name))
    await kill(host)
    console.log(
      `[faults] crash: ${KILLS} kills with SIGKILL during saves (${completedSaves} saves completed, ${killedMidWrite} cut off in flight); the draft read back whole as a version sent after every restart; ${leftovers.length} temporary files left (removed after 60 s by the next listing)`,
    )
  })
})
