#!/usr/bin/env node
/**
 * `npm start`: builds the app and opens it in Electron. Without GRANT_SERVICE_URL it first
 * starts the sandbox grant service (demo data on its first start) and points the app at it.
 * Where the Electron binary could not be installed (machines without internet access to its
 * download), says so in one clear line, and names the browser host, instead of failing deep
 * inside electron-vite.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

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

if (!electronBinary()) {
  console.error(
    'Grant Desk: the Electron binary is not installed on this machine, so the desktop window cannot open; run `npm run start:browser` to use Grant Desk in Chromium instead.',
  )
  process.exit(1)
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/** Starts `npm run service`'s program and resolves with its address once it listens. */
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
  env: { ...process.env, ...(sandbox ? { GRANT_DESK_SANDBOX_URL: sandbox.url, GRANT_DESK_SANDBOX_STARTED_BY: 'npm start' } : { GRANT_SERVICE_URL: serviceUrl }) },
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
