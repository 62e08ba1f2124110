/**
 * Any Markdown file lints (issue 14): a front matter that is not Grant Desk's (a GitHub issue
 * template's, Jekyll's, Obsidian's) or none at all is never a front-matter error and never exit
 * code 2; the content decides 0 or 1. Run through the bundled CLI on real files, as CI runs it.
 */
import { execFile } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../../support/service'

const BIN = join(process.cwd(), 'bin/grant-desk.mjs')
let dir: string

/** A pitch that passes the error-level checks: it has milestones and nothing left from a template. */
const CLEAN = `# Lumen faucet

Lumen contract developers wait 20 minutes for a funded test account.

## Milestones

| Milestone | Deliverables | Weeks | Amount (USD) |
| --- | --- | --- | --- |
| M1 Faucet | https://github.com/lumen/faucet | 4 | 6,000 |
| M2 Docs | Documentation site | 3 | 4,000 |
| M3 Launch | Deployed on testnet | 3 | 5,000 |
`
/** The same with a template hint left verbatim: an error by the severity policy. */
const WITH_ERROR = CLEAN.replace('# Lumen faucet', '# [Your project name]')

async function lintFile(name: string, text: string, ...options: string[]) {
  const file = join(dir, name)
  writeFileSync(file, text)
  const result = await promisify(execFile)(process.execPath, [BIN, 'lint', ...options, file]).then(
    (ok) => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  )
  return result
}

beforeAll(async () => {
  dir = tempDir('grant-desk-foreign-')
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const FRONT_MATTERS = {
  'GitHub issue template': '---\nname: Grant application\nabout: Apply for a grant\ntitle: "[Application] "\nlabels: application\n---\n',
  Jekyll: '---\nlayout: post\ntitle: My proposal\ndate: 2021-07-29 06:20:55 +0000\ncategories: [grants]\n---\n',
  Obsidian: '---\ntags:\n  - grant\naliases: [faucet]\ncssclass: wide\n---\n',
}

describe('grant-desk lint on a file whose front matter is not Grant Desk’s', () => {
  it.each(Object.entries(FRONT_MATTERS))('%s: exits 0 by content, with one info naming the keys it ignored', async (_, frontMatter) => {
    const result = await lintFile('clean.md', frontMatter + CLEAN, '--format', 'json')
    expect(result.code).toBe(0)
    const [report] = JSON.parse(result.stdout) as Array<{ findings: Array<{ ruleId: string; severity: string; message: string; line: number }> }>
    const frontMatterFindings = report!.findings.filter((f) => f.ruleId === 'front-matter')
    expect(frontMatterFindings).toHaveLength(1)
    expect(frontMatterFindings[0]!.severity).toBe('info')
    const keys = Object.keys((await import('yaml')).parse(frontMatter.slice(4, frontMatter.lastIndexOf('---'))) as object)
    for (const key of keys) expect(frontMatterFindings[0]!.message).toContain(key)
    expect(report!.findings.filter((f) => f.severity === 'error')).toEqual([])
    // Positions are lines of the file: the title's lines are after the front matter.
    const lines = (frontMatter + CLEAN).split('\n')
    expect(report!.findings.every((f) => f.line >= 1 && f.line <= lines.length)).toBe(true)
  })

  it.each(Object.entries(FRONT_MATTERS))('%s: exits 1 when the content has an error, never 2', async (_, frontMatter) => {
    const result = await lintFile('broken.md', frontMatter + WITH_ERROR)
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/broken\.md:\d+:\d+: Must fix template-placeholder: Placeholder text “\[Your project name\]”/)
    expect(result.stdout).not.toMatch(/error front-matter/)
    const titleLine = (frontMatter + WITH_ERROR).split('\n').indexOf('# [Your project name]') + 1
    expect(result.stdout).toContain(`broken.md:${titleLine}:3: Must fix template-placeholder`)
  })

  it('lints a file without front matter by its content alone', async () => {
    expect((await lintFile('plain.md', CLEAN)).code).toBe(0)
    const failed = await lintFile('plain-error.md', WITH_ERROR)
    expect(failed.code).toBe(1)
    expect(failed.stdout).not.toContain('front-matter')
  })

  it('reads a front matter that is not YAML, or not closed, as foreign too', async () => {
    const notYaml = await lintFile('not-yaml.md', '---\n: : [\n---\n' + CLEAN)
    expect(notYaml.code).toBe(0)
    expect(notYaml.stdout).toContain('Note front-matter: The front matter is not a Grant Desk draft’s and was ignored.')
    const unclosed = await lintFile('unclosed.md', '---\n' + CLEAN)
    expect(unclosed.code).toBe(0)
    expect(unclosed.stdout).not.toMatch(/: Must fix /)
  })

  it('still reports a Grant Desk draft’s own broken front matter as an error', async () => {
    const result = await lintFile('own.md', '---\nformat: grant-desk-draft/1\ngrant: [unclosed\n---\n' + CLEAN)
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/own\.md:1:1: Must fix front-matter/)
  })
})
