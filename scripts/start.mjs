#!/usr/bin/env node
/**
 * `npm start`: builds the app and opens it in Electron. Without GRANT_SERVICE_URL it first
 * starts the sandbox grant service (demo data on its first start) and points the app at it.
 * Where the Electron binary could not be installed (machines without internet access to its
 * download), it runs the browser host instead and opens it in an app window of an installed
 * Chromium-family browser, or prints its address when there is none (src/host/main.ts,
 * `--window`). GRANT_DESK_OPEN=electron|window|none forces a mode. One line says which mode
 * started and why.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { stopWithParent } from './launch/parent.mjs'

const require = createRequire(import.meta.url)
const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const SANDBOX_PORT = 8787
const SANDBOX_START_MS = 60_000

function electronBinary() {
  try {
    const path = require('electron')
    return typeof path === 'string' && existsSync(path) ? path : null
  } catch {
    return null // the package throws when its binary was never downloaded
  }
}

stopWithParent()

const OPEN_MODES = ['electron', 'window', 'none']
const requested = process.env.GRANT_DESK_OPEN || undefined // empty means unset, as for the host
if (requested !== undefined && !OPEN_MODES.includes(requested)) {
  console.error(`Grant Desk: GRANT_DESK_OPEN is "${requested}"; use one of ${OPEN_MODES.join(', ')}, or unset it to let Grant Desk choose.`)
  process.exit(1)
}
const electron = electronBinary()
if (requested === 'electron' && !electron) {
  console.error(
    'Grant Desk: GRANT_DESK_OPEN=electron, but the Electron binary is not installed on this machine (its download failed or was skipped); unset GRANT_DESK_OPEN to open Grant Desk in a browser window instead.',
  )
  process.exit(1)
}
if (requested === 'window' || requested === 'none' || !electron) {
  // The host says which of the two it chose, and why (a browser was found or not).
  const { runBrowserHost } = await import('./launch/browser-host.mjs')
  process.exit(await runBrowserHost(['--window']))
}
console.log(`Grant Desk: opening in Electron, because ${requested ? 'GRANT_DESK_OPEN=electron' : 'its binary is installed'}.`)

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/** Starts `npm run service`'s program and resolves with its address once it listens. */
/** The sandbox's demo logins, announced to the app (its login form offers them while it uses this sandbox). */
function demoLogins() {
  const users = JSON.parse(readFileSync(join(root, 'src/service/demo-logins.json'), 'utf8'))
  return JSON.stringify(users.map(({ email, password }) => ({ email, password })))
}

async function startSandbox() {
  // PORT=0 lets the sandbox pick a free port itself; its "listening on" line tells which.
  const port = (await portIsFree(SANDBOX_PORT)) ? SANDBOX_PORT : 0
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/service/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`it did not listen within ${SANDBOX_START_MS / 1000} seconds`)), SANDBOX_START_MS)
    createInterface({ input: child.stdout }).on('line', (line) => {
      console.log(`[sandbox] ${line}`)
      const match = /listening on (http:\/\/\S+)/.exec(line)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`it exited with code ${code}`))
    })
  })
  return { url, child }
}

let sandbox = null
const serviceUrl = process.env.GRANT_SERVICE_URL?.trim()
if (!serviceUrl) {
  try {
    sandbox = await startSandbox()
  } catch (error) {
    console.error(`Grant Desk: the sandbox grant service could not start (${error.message}); set GRANT_SERVICE_URL to use another service.`)
    process.exit(1)
  }
}

const child = spawn('npx', ['electron-vite', 'preview'], {
  cwd: root,
  stdio: 'inherit',
  shell: process.platform === 'win32',
  // A sandbox started here is announced, not forced: Settings can still point at another service.
  env: {
    ...process.env,
    ...(sandbox
      ? { GRANT_DESK_SANDBOX_URL: sandbox.url, GRANT_DESK_SANDBOX_STARTED_BY: 'npm start', GRANT_DESK_SANDBOX_DEMO_LOGINS: demoLogins() }
      : { GRANT_SERVICE_URL: serviceUrl }),
  },
})
const stop = (signal) => {
  child.kill(signal)
  sandbox?.child.kill(signal)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
child.on('exit', (code, signal) => {
  sandbox?.child.kill('SIGTERM')
  process.exit(signal ? 1 : (code ?? 1))
})
