/**
 * `grant-desk import` (issue 36, item 2), the bundled CLI run as a user runs it: a .docx made by
 * pandoc, an .html clipboard sample and a .md with another tool's front matter come in as
 * Markdown or as a new draft of a grant; a zip bomb, a 50 MB file and files that are not what
 * their names say are refused within 2 s with exit 2, and nothing is written over.
 *
 * "Within 2 s" is the CLI process's own CPU time (user + system, read at its exit by a preloaded
 * module): expanding a bomb or reading 50 MB spends it, a machine shared by other jobs does not
 * (there a bare `grant-desk rules` waits over 2 s of wall time). The wall time is bounded too,
 * loosely, so a hang fails.
 */
import { execFile, execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDraftFile } from '../../../src/shared/draft-file'
import { tempDir } from '../../support/service'
import { deflatedEntry, zipArchive } from '../../support/zip'

const BIN = join(process.cwd(), 'bin/grant-desk.mjs')
const FIXTURES = join(process.cwd(), 'test/fixtures')
let dir: string
let preload: string

interface Run {
  code: number
  stdout: string
  stderr: string
  ms: number
  cpuMs: number
}

async function cli(...args: string[]): Promise<Run> {
  const started = performance.now()
  const result = await promisify(execFile)(process.execPath, ['--import', preload, BIN, ...args], { maxBuffer: 16 * 1024 * 1024, timeout: 30_000 }).then(
    (ok) => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  )
  const cpu = /cpu-us:(\d+)/.exec(result.stderr)
  return { ...result, stderr: result.stderr.replace(/cpu-us:\d+\n?/, ''), ms: performance.now() - started, cpuMs: cpu ? Number(cpu[1]) / 1000 : NaN }
}

function expectQuickRefusal(run: Run): void {
  console.log(`refused in ${run.cpuMs.toFixed(0)} ms of CPU (${run.ms.toFixed(0)} ms wall): ${run.stderr.trim().slice(0, 100)}`)
  expect(run.code, run.stderr).toBe(2)
  expect(run.cpuMs).toBeLessThan(2_000)
  expect(run.ms).toBeLessThan(15_000)
}

const PROPOSAL = [
  '# Atlas faucet',
  '',
  'Lumen contract developers wait 20 minutes for a funded test account; see [the faucet](https://github.com/lumen/faucet).',
  '',
  '## Milestones',
  '',
  '1. Faucet',
  '   - rate limits',
  '2. Dashboard',
  '',
  '| Milestone | Weeks | Amount (USD) |',
  '| --- | --- | --- |',
  '| M1 Faucet | 4 | 6,000 |',
  '',
].join('\n')

beforeAll(async () => {
  dir = tempDir('grant-desk-import-')
  preload = join(dir, 'cpu.mjs')
  writeFileSync(
    preload,
    "process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write(`cpu-us:${u.userCPUTime + u.systemCPUTime}\\n`) })\n",
  )
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('grant-desk import brings a document in', () => {
  it('prints a .docx made by pandoc as Markdown with its headings, nested list, link and table', async () => {
    const source = join(dir, 'atlas.md')
    writeFileSync(source, PROPOSAL)
    const docx = join(dir, 'atlas.docx')
    execFileSync('pandoc', ['-f', 'gfm', '-t', 'docx', source, '-o', docx])
    const run = await cli('import', docx)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('# Atlas faucet\n')
    expect(run.stdout).toContain('## Milestones\n')
    expect(run.stdout).toContain('[the faucet](https://github.com/lumen/faucet)')
    expect(run.stdout).toMatch(/1\. Faucet\n+ {3}- rate limits/)
    expect(run.stdout).toMatch(/\| Milestone +\| Weeks \| Amount \(USD\) \|\n\| -+ \| -+ \| -+ \|\n\| M1 Faucet +\| 4 +\| 6,000 +\|/)
  })

  it('writes a new draft of the grant of the draft named by --grant, and never over an existing file', async () => {
    const html = join(dir, 'table.html')
    copyFileSync(join(FIXTURES, 'paste/google-docs-table.html'), html)
    const grantDraft = join(FIXTURES, 'checklist/good-pitch.md')
    const out = join(dir, 'new-draft.md')
    const run = await cli('import', html, '--grant', grantDraft, '-o', out)
    expect(run.code, run.stderr).toBe(0)
    const written = parseDraftFile(readFileSync(out, 'utf8'))
    expect(written.frontMatter.grant).toEqual(parseDraftFile(readFileSync(grantDraft, 'utf8')).frontMatter.grant)
    expect(written.frontMatter.status).toBe('draft')
    expect(written.pitch).toBe('| a | b b | c |\n| - | --- | - |\n| d | e   | f |\n')

    const again = await cli('import', html, '-o', out)
    expect(again.code).toBe(2)
    expect(again.stderr).toMatch(/already exists.*Choose another name/)
    expect(parseDraftFile(readFileSync(out, 'utf8')).pitch).toBe(written.pitch)
  })

  it('keeps another tool’s front matter of a .md at the end, in a yaml block, and says so', async () => {
    const md = join(dir, 'obsidian.md')
    writeFileSync(md, '---\ntags: [grant, draft]\naliases: Atlas\n---\n# Atlas\n\nText.\n')
    const run = await cli('import', md)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toBe('# Atlas\n\nText.\n\n## Front matter of the imported file\n\n```yaml\ntags: [grant, draft]\naliases: Atlas\n```\n')
    expect(run.stderr).toMatch(/front matter .* kept at the end of the pitch/)
  })
})

describe('grant-desk import refuses within 2 s, with exit 2', () => {
  it('a zip bomb whose directory says it expands to 120 MB', async () => {
    const bomb = join(dir, 'bomb.docx')
    writeFileSync(bomb, zipArchive([deflatedEntry('word/document.xml', Buffer.alloc(120 * 1024 * 1024))]))
    expect(readFileSync(bomb).length).toBeLessThan(1024 * 1024)
    const run = await cli('import', bomb)
    expectQuickRefusal(run)
    expect(run.stderr).toMatch(/bomb\.docx was not imported: its zip archive would expand to 120 MB \(a zip bomb/)
  })

  it('a zip bomb whose directory lies about the expanded size', async () => {
    const bomb = join(dir, 'liar.docx')
    writeFileSync(
      bomb,
      zipArchive([deflatedEntry('word/document.xml', Buffer.alloc(60 * 1024 * 1024), 1_000), deflatedEntry('[Content_Types].xml', Buffer.from('<Types/>'))]),
    )
    const run = await cli('import', bomb)
    expectQuickRefusal(run)
    expect(run.stderr).toMatch(/word\/document\.xml expands past the size its archive states/)
  })

  it('a 50 MB file, unread', async () => {
    const big = join(dir, 'big.docx')
    writeFileSync(big, '')
    truncateSync(big, 50 * 1024 * 1024)
    const run = await cli('import', big)
    expectQuickRefusal(run)
    expect(run.stderr).toMatch(/big\.docx was not imported: it is 50\.0 MB; a document to import is at most 10\.0 MB/)
  })

  it('a .docx that is not a zip, an .html that is binary, a .md that is a zip', async () => {
    const fakeDocx = join(dir, 'notes.docx')
    writeFileSync(fakeDocx, '# Just Markdown\n')
    const binaryHtml = join(dir, 'page.html')
    writeFileSync(binaryHtml, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))
    const zipMd = join(dir, 'draft.md')
    writeFileSync(zipMd, zipArchive([deflatedEntry('word/document.xml', Buffer.from('<w:document/>'))]))
    const expected: [string, RegExp][] = [
      [fakeDocx, /notes\.docx was not imported: it is not a \.docx file: a \.docx is a zip archive and this file is not one/],
      [binaryHtml, /page\.html was not imported: it is not an HTML file: it holds binary data/],
      [zipMd, /draft\.md was not imported: it is not a Markdown file but a zip archive \(a \.docx\?\)/],
    ]
    for (const [file, message] of expected) {
      const run = await cli('import', file)
      expectQuickRefusal(run)
      expect(run.stderr).toMatch(message)
      expect(run.stdout).toBe('')
    }
  })

  it('a file of another kind, and a --grant that is not a draft', async () => {
    const pdf = join(dir, 'proposal.pdf')
    writeFileSync(pdf, '%PDF-1.7')
    const kind = await cli('import', pdf)
    expect(kind.code).toBe(2)
    expect(kind.stderr).toMatch(/Grant Desk imports \.docx, \.html and \.md files/)
    const md = join(dir, 'plain.md')
    writeFileSync(md, '# Plain\n')
    const grant = await cli('import', md, '--grant', md, '-o', join(dir, 'never.md'))
    expect(grant.code).toBe(2)
    expect(grant.stderr).toMatch(/--grant \S*plain\.md cannot be read: it is not a draft file/)
    expect(existsSync(join(dir, 'never.md'))).toBe(false)
  })
})
