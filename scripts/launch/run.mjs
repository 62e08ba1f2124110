/**
 * Runs a command in this terminal and answers its exit code: Ctrl+C reaches it directly, and a
 * `kill` of ours (SIGINT, SIGTERM) is passed on. Shared by the start commands and `npm run dist`.
 */
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')

export function run(command, args) {
  return new Promise((resolve) => {
    // npm and npx are .cmd scripts on Windows, which only a shell runs.
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' && (command === 'npm' || command === 'npx') })
    const forward = (signal) => child.kill(signal)
    process.on('SIGINT', forward)
    process.on('SIGTERM', forward)
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward)
      process.off('SIGTERM', forward)
      resolve(signal ? 1 : (code ?? 1))
    })
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`)
      resolve(1)
    })
  })
}
