/**
 * The browser host as its own process, as `npm run start:browser` runs it: the host bundled by
 * `npm run build` (out/host/main.mjs, `hostCommand()` of scripts/launch/browser-host.mjs), for
 * tests that need a real restart on the same data folder or the host's environment variables
 * (the test-only clock). Serves the BUILT renderer. The bundle listens in well under a second;
 * tsx's loader on src/host/main.ts took 3–5 s per start on the loaded 2-core machine.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { hostCommand, needsBuild } from '../../scripts/launch/browser-host.mjs'

/** Throws, saying what to run, when the bundled host (or the renderer it serves) is missing or older than its sources. */
export function assertHostBuilt(): void {
  if (needsBuild()) {
    throw new Error('The host process runs the build (out/host/main.mjs), and it is missing or older than src/. Run `npm run build` first (`npm test` does).')
  }
}

export interface HostProcess {
  child: ChildProcess
  /** The page to open: the host's address with its token. */
  pageUrl: string
  output(): { stdout: string; stderr: string }
  /** SIGTERM, and the exit code once it has gone. */
  stop(): Promise<number | null>
}

export async function startHostProcess(env: Record<string, string>): Promise<HostProcess> {
  assertHostBuilt()
  const [program, args] = hostCommand()
  // One process (node on the bundle), not an npm script: killing npm would leave its child running.
  const child = spawn(program, args, {
    env: { ...process.env, GRANT_DESK_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk) => (stdout += chunk))
  child.stderr!.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const pageUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the host did not start within 30 s: ${stdout}\n${stderr}`)), 30_000)
    child.stdout!.on('data', () => {
      const match = /Grant Desk \(browser\) at (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(stdout)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    })
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`the host exited (${code}) before it listened: ${stdout}\n${stderr}`))
    })
  })
  return {
    child,
    pageUrl,
    output: () => ({ stdout, stderr }),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}
