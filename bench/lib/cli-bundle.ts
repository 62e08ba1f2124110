/**
 * The CLI as users run it, for the rows that time it as a child process: bundled from the
 * sources of this checkout as `npm run build:cli` bundles it (vite.cli.config.ts), into a folder
 * of the bench's own (so a bench never runs a stale `out/cli`), and started with `node`.
 */
import { execFile, execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Bundles the CLI into `outDir`; answers the bundle's entry (`<outDir>/grant-desk.mjs`). */
export function buildCli(project: string, outDir: string): string {
  execFileSync(
    process.execPath,
    [join(project, 'node_modules/vite/bin/vite.js'), 'build', '-c', join(project, 'vite.cli.config.ts'), '--outDir', outDir, '--logLevel', 'warn'],
    { cwd: project, stdio: 'pipe' },
  )
  return join(outDir, 'grant-desk.mjs')
}

export interface Ran {
  code: number
  stdout: string
  stderr: string
}

/** A program run to its end: its exit code and output (a non-zero exit is an answer here, not a throw). */
export async function runProgram(file: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Ran> {
  try {
    const { stdout, stderr } = await run(file, [...args], { ...options, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string }
    if (typeof failed.code !== 'number') throw error
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}
