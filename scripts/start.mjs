#!/usr/bin/env node
/**
 * `npm start`: builds the app and opens it in Electron. Where the Electron binary could not be
 * installed (machines without internet access to its download), says so in one clear line
 * instead of failing deep inside electron-vite.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

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
    'Grant Desk: the Electron binary is not installed on this machine, so the desktop window cannot open; the sandbox grant service still runs with `npm run service`.',
  )
  process.exit(1)
}

const child = spawn('npx', ['electron-vite', 'preview'], { stdio: 'inherit' })
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)))
