/**
 * `npm run dist` where the Electron download is impossible (as on our build machines): one
 * line that says so and what to do, exit code 1, no stack trace, and no build started. The
 * download address is made unreachable for sure with ELECTRON_MIRROR (a closed local port),
 * and the download cache is an empty folder.
 */
import { spawn } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDir } from '../../support/service'

const PROJECT = fileURLToPath(new URL('../../..', import.meta.url))
const installed = existsSync(join(PROJECT, 'node_modules/electron/dist'))
const cache = tempDir('grant-desk-electron-cache-')
afterAll(() => rmSync(cache, { recursive: true, force: true }))

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

function runDist(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(PROJECT, 'scripts/dist.mjs')], { cwd: PROJECT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

describe.skipIf(installed)(
  `npm run dist without the Electron download${installed ? ' (skipped: node_modules/electron/dist is installed here, so dist would build)' : ''}`,
  () => {
    it('says so in one line and exits 1, before building anything', async () => {
      const mirror = `http://127.0.0.1:${await closedPort()}/`
      const { code, stdout, stderr } = await runDist({ ...process.env, ELECTRON_MIRROR: mirror, electron_config_cache: cache })
      expect(code).toBe(1)
      expect(stdout).toBe('')
      const lines = stderr.split('\n').filter((line) => line !== '')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/^npm run dist: cannot build installers here: Electron \d+\.\d+\.\d+ for \w+-\w+ is neither installed nor downloadable \(/)
      expect(lines[0]).toContain(`${mirror}v`)
      expect(lines[0]).toContain('ECONNREFUSED')
      expect(lines[0]).toContain('on a machine with internet access')
      expect(stderr).not.toMatch(/^\s+at /m)
    })
  },
)
