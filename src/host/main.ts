/**
 * `npm run start:browser` (through scripts/start-browser.mjs, which builds first): the same
 * core the Electron shell runs, in Node, behind the browser host on 127.0.0.1. Without
 * GRANT_SERVICE_URL it also starts the sandbox in this process, with its demo data, and
 * points the core at it.
 *
 * Credentials live in a plain 0600 file of the data folder (there is no OS keychain to
 * encrypt with here): this program is for development and testing, not daily use.
 */
import { mkdir } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { formatIssuePath } from '../shared/api'
import { type Core, createCore } from '../main/core/core'
import { PlainFileSecretStore } from '../main/core/secret-store'
import { DEFAULT_SERVICE_URL, JsonFileSettingsBackend } from '../main/core/settings'
import { DEMO_USERS } from '../service/demo-data'
import { type RunningService, startService } from '../service/server'
import { type BrowserHost, startBrowserHost } from './server'
import { TestClockEnv, testClockFrom } from './test-clock'

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const SANDBOX_PORT = Number(new URL(DEFAULT_SERVICE_URL).port)

const USAGE = `Usage: npm run start:browser

Environment:
  GRANT_DESK_PORT     port of the browser host on 127.0.0.1 (default 5175; 0 picks a free one)
  GRANT_DESK_DATA     the app's data folder (default .data/browser-host in the project)
  GRANT_SERVICE_URL   the grant service to use; when unset, the sandbox starts here with demo data

Test only (end-to-end tests of reminders; never for real use):
  GRANT_DESK_TEST_NOW              a fixed time for the core's clock (ISO 8601 with a zone)
  GRANT_DESK_TEST_CLOCK_OFFSET_MS  the real time moved by this many milliseconds`

const Env = TestClockEnv.extend({
  GRANT_DESK_PORT: z.coerce.number({ error: 'must be a port number' }).int({ error: 'must be a port number' }).min(0).max(65535).default(5175),
  GRANT_DESK_DATA: z.string().min(1).default(join(PROJECT, '.data/browser-host')),
  GRANT_SERVICE_URL: z.string().min(1).optional(),
})

function exit(message: string): never {
  console.error(message)
  process.exit(1)
}

async function startSandbox(dataFile: string): Promise<RunningService> {
  try {
    return await startService({ port: SANDBOX_PORT, dataFile })
  } catch (error) {
    // Often a sandbox of `npm run service` or another host: run our own beside it.
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    return startService({ port: 0, dataFile })
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(USAGE)
    return
  }
  // An empty variable means "not set", as a shell user expects.
  const env = Env.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')))
  if (!env.success) exit(env.error.issues.map((i) => `${formatIssuePath(i.path)}: ${i.message}`).join('\n') + `\n\n${USAGE}`)
  const data = resolve(env.data.GRANT_DESK_DATA)
  let clock: ReturnType<typeof testClockFrom>
  try {
    clock = testClockFrom(env.data)
  } catch (error) {
    exit((error as Error).message)
  }
  if (clock) console.log(clock.description)

  let sandbox: RunningService | null = null
  let core: Core | null = null
  let host: BrowserHost | null = null
  let stopping = false
  const stop = async (code: number) => {
    if (stopping) return
    stopping = true
    // Closing waits for open connections; never let a stuck one keep the terminal.
    setTimeout(() => process.exit(code), 5_000).unref()
    for (const close of [() => host?.close(), () => core?.close(), () => sandbox?.close()]) {
      try {
        await close()
      } catch {
        // shutting down anyway
      }
    }
    process.exit(code)
  }
  // Ctrl+C reaches both this process and the launcher that forwards it: close once.
  process.on('SIGINT', () => void stop(0))
  process.on('SIGTERM', () => void stop(0))

  try {
    await mkdir(data, { recursive: true })
    let serviceUrl = env.data.GRANT_SERVICE_URL
    if (serviceUrl === undefined) {
      const dataFile = join(data, 'sandbox', 'service.db')
      try {
        sandbox = await startSandbox(dataFile)
      } catch (error) {
        exit(`The sandbox grant service could not start: ${(error as Error).message}`)
      }
      serviceUrl = sandbox.url
      const logins = DEMO_USERS.map((u) => `${u.email} / ${u.password}`).join(', ')
      console.log(`Sandbox grant service listening on ${sandbox.url} (data: ${dataFile}). Demo logins: ${logins}`)
    } else {
      console.log(`Grant service: ${serviceUrl} (from GRANT_SERVICE_URL)`)
    }

    const secretsFile = join(data, 'credentials.json')
    core = await createCore({
      dataDir: data,
      secrets: new PlainFileSecretStore(secretsFile),
      settings: await JsonFileSettingsBackend.open(join(data, 'settings.json')),
      env: { ...process.env, GRANT_SERVICE_URL: serviceUrl },
      ...(clock ? { now: clock.now } : {}),
    })

    try {
      host = await startBrowserHost({
        core,
        rendererDir: join(PROJECT, 'out/renderer'),
        bridgeFile: join(PROJECT, 'out/browser/bridge.js'),
        port: env.data.GRANT_DESK_PORT,
      })
    } catch (error) {
      const e = error as NodeJS.ErrnoException
      if (e.code === 'EADDRINUSE') {
        console.error(`Port ${env.data.GRANT_DESK_PORT} on 127.0.0.1 is in use. Stop what uses it, or set GRANT_DESK_PORT to another port (0 picks a free one).`)
      } else if (e.code === 'ENOENT') {
        console.error(`The built app is missing (${e.path ?? 'out/'}). Run \`npm run build\`, or start with \`npm run start:browser\`, which builds first.`)
      } else {
        console.error(`The browser host could not start: ${e.message}`)
      }
      await stop(1)
      return
    }

    console.log(`Data folder: ${data}. Credentials are kept in plain text in ${secretsFile} (mode 0600): for development use only.`)
    console.log(`Grant Desk (browser) at ${host.url}/#token=${host.token}`)
  } catch (error) {
    console.error(`Grant Desk (browser) could not start: ${(error as Error).message}`)
    await stop(1)
  }
}

void main()
