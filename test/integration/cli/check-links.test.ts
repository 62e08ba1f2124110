/**
 * `grant-desk lint --check-links` (issue 33), through the bundled CLI against a real local
 * HTTP server: a dead link is a warning at its line, named for the applicant, and no longer
 * counts as a prior project linked; a live one is silent; answers are kept for a day; and
 * without the flag not one request is made.
 */
import { execFile } from 'node:child_process'
import { existsSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LinkServer, startLinkServer } from '../../support/link-server'
import { tempDir } from '../../support/service'

const BIN = join(process.cwd(), 'bin/grant-desk.mjs')
let dir: string
let cache: string
let server: LinkServer

interface Report {
  findings: Array<{ ruleId: string; severity: string; message: string; line: number; column: number }>
  score: number
}

function pitch(base: string): string {
  return `# Lumen faucet

Lumen contract developers wait 20 minutes for a funded test account.

## Milestones

| Milestone | Deliverables | Weeks | Amount (USD) |
| --- | --- | --- | --- |
| M1 Faucet | Faucet service | 4 | 6,000 |
| M2 Docs | Documentation site | 3 | 4,000 |
| M3 Launch | Deployed on testnet | 3 | 5,000 |

## Team

- Ada Lovelace, lead engineer: [ada-l’s profile](${base}/missing). Built [lumen-explorer](${base}/gone), used by 40 teams.
- Bo Chen, designer: [portfolio](${base}/ok).
`
}

async function lint(file: string, ...options: string[]) {
  return promisify(execFile)(process.execPath, [BIN, 'lint', ...options, file], { env: { ...process.env, GRANT_DESK_DATA: cache } }).then(
    (ok) => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  )
}

beforeAll(async () => {
  dir = tempDir('grant-desk-check-links-')
  cache = join(dir, 'data')
  server = await startLinkServer()
}, 120_000)
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('grant-desk lint --check-links', () => {
  it('asks nothing without the flag', async () => {
    const file = join(dir, 'quiet.md')
    writeFileSync(file, pitch(server.url))
    const result = await lint(file, '--format', 'json')
    const [report] = JSON.parse(result.stdout) as Report[]
    expect(report!.findings.filter((f) => f.ruleId === 'links-answer')).toEqual([])
    // The prior project is linked, as far as anyone knows without asking.
    expect(report!.findings.filter((f) => f.ruleId === 'prior-project-linked')).toEqual([])
    expect(server.requests).toEqual([])
    expect(existsSync(join(cache, 'link-check.json'))).toBe(false)
  })

  it('flags the dead links at their lines, stays quiet on the live one, and counts the dead prior project as not linked', async () => {
    const file = join(dir, 'checked.md')
    writeFileSync(file, pitch(server.url))
    const quiet = JSON.parse((await lint(file, '--format', 'json')).stdout) as Report[]
    const result = await lint(file, '--format', 'json', '--check-links')
    expect(result.code).toBe(0)
    const [report] = JSON.parse(result.stdout) as Report[]
    const links = report!.findings.filter((f) => f.ruleId === 'links-answer')
    expect(links.map((f) => [f.severity, f.line, f.message])).toEqual([
      ['warning', 15, `The link to ada-l’s profile answers 404 (${server.url}/missing).`],
      ['warning', 15, `The link to lumen-explorer answers 410 (${server.url}/gone).`],
    ])
    expect(links[0]!.column).toBe('- Ada Lovelace, lead engineer: [ada-l’s profile]('.length + 1)
    expect(report!.findings.filter((f) => f.ruleId === 'prior-project-linked').map((f) => f.message)).toEqual([
      'No completed prior project is linked by a link that answers: the 2 links given are dead (see the links-answer findings).',
    ])
    expect(report!.score).toBeLessThan(quiet[0]!.score)
    expect(server.requests.sort()).toEqual(['HEAD /gone', 'HEAD /missing', 'HEAD /ok'])
    expect(existsSync(join(cache, 'link-check.json'))).toBe(true)

    // A day's cache: the second run asks nothing and finds the same.
    const again = await lint(file, '--check-links')
    expect(server.requests).toHaveLength(3)
    expect(again.stdout).toContain(`links-answer: The link to ada-l’s profile answers 404 (${server.url}/missing).`)
  })

  it('is an option of lint only', async () => {
    const result = await promisify(execFile)(process.execPath, [BIN, 'review', '--check-links', join(dir, 'quiet.md')]).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    )
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--check-links is an option of grant-desk lint')
  })
})
