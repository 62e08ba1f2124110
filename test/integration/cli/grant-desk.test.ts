import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../../../src/cli/grant-desk'
import { lintFile } from '../../../src/cli/lint-file'
import { ALL_RULES, SCORE_RULES, ruleWeight, severityTag } from '../../../src/shared/checklist'
import { FIXTURES } from '../../support/checklist'
import { tempDir } from '../../support/service'

const GOOD = join(FIXTURES, 'good-pitch.md')
const BLANK = join(FIXTURES, 'blank-section/fail.md')

async function run(...argv: string[]) {
  let out = ''
  let err = ''
  const code = await main(argv, { out: (s) => (out += s + '\n'), err: (s) => (err += s + '\n') })
  return { code, out, err }
}

const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

describe('grant-desk lint', () => {
  it('exits 0 for a draft without errors and says so', async () => {
    const result = await run('lint', GOOD)
    expect(result.code).toBe(0)
    expect(result.out).toContain('good-pitch.md: Ready to submit: every check passes.')
    expect(result.out).toContain('1 draft checked: 0 must fix, 0 to improve.')
  })

  it('exits 1 when a draft has errors, printing file:line:column, severity, rule, message and hint', async () => {
    const result = await run('lint', BLANK)
    expect(result.code).toBe(1)
    expect(result.out).toMatch(/blank-section\/fail\.md:7:1: Must fix blank-section: The section “Budget” is empty\.\n {4}Write this section/)
  })

  it('reports lines of the file, not of the pitch, for drafts with front matter', async () => {
    const text = readFileSync(GOOD, 'utf8').replace('## Deliverables\n', '## Empty section\n\n## Deliverables\n')
    const line = text.split('\n').indexOf('## Empty section') + 1
    expect(line).toBeGreaterThan(40)
    const findings = lintFile(text).findings.filter((f) => f.ruleId === 'blank-section')
    expect(findings).toHaveLength(1)
    expect(findings[0]).toMatchObject({ line, endLine: line, message: 'The section “Empty section” is empty.' })
  })

  it('takes fields, schema and deadline from the front matter', () => {
    const text = readFileSync(GOOD, 'utf8')
      .replace('github_repository: https://github.com/tracekit/tracekit', 'github_repository: ""')
      .replace('deadline: 2099-06-30T12:00:00.000Z', 'deadline: 2020-06-30T12:00:00.000Z')
    const ids = lintFile(text).findings.map((f) => f.ruleId)
    expect(ids).toContain('required-fields')
    expect(ids).toContain('deadline')
  })

  it('honours a project_kind indented under grant: and says it belongs at the top level', () => {
    const text = readFileSync(GOOD, 'utf8').replace('  title: Arcadia SDK & Library Grants\n', '  title: Arcadia SDK & Library Grants\n  project_kind: sdk\n')
    const line = text.split('\n').indexOf('  project_kind: sdk') + 1
    const findings = lintFile(text).findings
    expect(findings).toEqual([expect.objectContaining({ ruleId: 'front-matter', severity: 'warning', line, hint: expect.stringContaining('top level') })])
  })

  it('lints a folder recursively (only .md files) and exits 1 if any draft has errors', async () => {
    const dir = tempDir('grant-desk-cli-')
    dirs.push(dir)
    mkdirSync(join(dir, 'team/nested'), { recursive: true })
    writeFileSync(join(dir, 'team/good.md'), readFileSync(GOOD))
    writeFileSync(join(dir, 'team/nested/blank.md'), readFileSync(BLANK))
    writeFileSync(join(dir, 'notes.txt'), 'not a draft')
    const result = await run('lint', '--format', 'json', dir)
    expect(result.code).toBe(1)
    const reports = JSON.parse(result.out) as Array<{ file: string; summary: { errors: number } }>
    expect(reports.map((r) => r.file.split('/').slice(-2).join('/'))).toEqual(['team/good.md', 'nested/blank.md'])
    expect(reports.map((r) => r.summary.errors > 0)).toEqual([false, true])
  })

  it('reports an unreadable front matter as an error of the file and still checks the pitch', async () => {
    const dir = tempDir('grant-desk-cli-')
    dirs.push(dir)
    const file = join(dir, 'broken.md')
    writeFileSync(file, '---\nformat: grant-desk-draft/1\ngrant: [unclosed\n---\n# Pitch\n\n## Team\n')
    const result = await run('lint', file)
    expect(result.code).toBe(1)
    expect(result.out).toMatch(/broken\.md:1:1: Must fix front-matter: The draft’s front matter cannot be read: the front matter is not valid YAML/)
    expect(result.out).toMatch(/broken\.md:7:1: Must fix blank-section: The section “Team” is empty/)
  })

  it('writes SARIF 2.1.0 with every rule and each finding located', async () => {
    const result = await run('lint', '--format', 'sarif', BLANK)
    expect(result.code).toBe(1)
    const sarif = JSON.parse(result.out)
    expect(sarif.version).toBe('2.1.0')
    const run0 = sarif.runs[0]
    expect(run0.tool.driver.rules.map((r: { id: string }) => r.id)).toEqual([...ALL_RULES.map((r) => r.id), 'front-matter'])
    const blank = run0.results.find((r: { ruleId: string }) => r.ruleId === 'blank-section')
    expect(blank.level).toBe('error')
    expect(blank.locations[0].physicalLocation.region).toMatchObject({ startLine: 7, startColumn: 1 })
    expect(blank.locations[0].physicalLocation.artifactLocation.uri).toMatch(/blank-section\/fail\.md$/)
    expect(run0.results.some((r: { level: string }) => r.level === 'note')).toBe(true)
  })

  it.each([
    [['lint'], 'Name at least one draft file or folder.'],
    [['check', GOOD], 'Unknown command "check"'],
    [['lint', '--format', 'xml', GOOD], 'Unknown format "xml"'],
    [['lint', '--colour', GOOD], "Unknown option '--colour'"],
    [['lint', '/no/such/draft.md'], 'Cannot read /no/such/draft.md: no such file or folder'],
  ])('exits 2 on a usage or read failure: %j', async (argv, message) => {
    const result = await run(...argv)
    expect(result.code).toBe(2)
    expect(result.err).toContain(message)
  })

  it('lists every rule with its severity and description', async () => {
    const result = await run('rules')
    expect(result.code).toBe(0)
    for (const rule of ALL_RULES)
      expect(result.out).toContain(`${rule.id} (${severityTag(rule.severity)}${rule.appliesTo ? '; grants only' : ''}): ${rule.title}\n    ${rule.description}`)
    // In the words the app shows, not the JSON values.
    expect(result.out).toContain('deadline (Must fix): Deadline not passed')
    expect(result.out).not.toMatch(/\((?:error|warning|info)[;)]/)
  })

  it('gives each draft a score in JSON (a number 0–100 with its parts) and in the text verdict line, as the app shows it', async () => {
    const json = JSON.parse((await run('lint', '--format', 'json', GOOD)).out) as Array<{
      score: number
      scoreParts: Array<{ ruleId: string; weight: number }>
    }>
    expect(typeof json[0]!.score).toBe('number')
    expect(json[0]!.score).toBeGreaterThanOrEqual(0)
    expect(json[0]!.score).toBeLessThanOrEqual(100)
    expect(json[0]!.score).toBe(lintFile(readFileSync(GOOD, 'utf8')).score!.score)
    expect(json[0]!.scoreParts.map((p) => p.ruleId)).toEqual(SCORE_RULES.map((r) => r.id))
    expect((await run('lint', GOOD)).out).toMatch(new RegExp(`good-pitch\\.md: .* Score ${json[0]!.score}/100\\.`))
  })

  it('lists each score rule with its weight, the guidance it comes from and its reason', async () => {
    const result = await run('rules')
    for (const rule of SCORE_RULES) {
      expect(result.out).toContain(`score ${rule.id} (weight ${ruleWeight(rule)}, up to `)
      expect(result.out).toContain(`${rule.title}\n    From the guidance: ${rule.guidance}\n    ${rule.reason}`)
    }
  })

  it('exits 2 when a folder has no drafts', async () => {
    const dir = tempDir('grant-desk-cli-')
    dirs.push(dir)
    const result = await run('lint', dir)
    expect(result.code).toBe(2)
    expect(result.err).toContain('No .md files found')
  })
})

/** The modules a bundled file imports statically (`import … from "x"`), in order. */
function staticImports(text: string): string[] {
  return [...text.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm), ...text.matchAll(/^import\s*"([^"]+)"/gm)].map((m) => m[1]!)
}

describe('the grant-desk bin', () => {
  it('prints its version, loading no command', async () => {
    const bin = join(process.cwd(), 'bin/grant-desk.mjs')
    const { version } = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { version: string }
    const result = await promisify(execFile)(process.execPath, [bin, '--version'])
    expect(result.stdout).toBe(`grant-desk ${version}\n`)
    // The entry imports Node's own modules only: each command is a chunk loaded when it runs.
    const entry = readFileSync(join(process.cwd(), 'out/cli/grant-desk.mjs'), 'utf8')
    expect(staticImports(entry).filter((name) => !name.startsWith('node:'))).toEqual([])
    expect(entry).toMatch(/import\("\.\/chunks\/sync-[\w-]+\.mjs"\)/)
  })

  it('bundles no sandbox service or renderer code, and `sync` loads nothing of the checklist, the review or the export', () => {
    const chunks = join(process.cwd(), 'out/cli/chunks')
    const sources = (file: string) => [...readFileSync(file, 'utf8').matchAll(/^\/\/ (?:\.\.\/)*(?:main\/)?((?:src|node_modules)\/\S+)$/gm)].map((m) => m[1]!)
    const all = readdirSync(chunks).flatMap((name) => sources(join(chunks, name)))
    expect(all.some((source) => source.startsWith('src/main/core/sync/'))).toBe(true)
    expect(all.filter((source) => /^src\/(service|renderer|preload|host)\/|^node_modules\/(electron|react|react-dom)\//.test(source))).toEqual([])
    // What `grant-desk sync` loads: its chunk and every chunk it imports, statically.
    const syncChunk = readdirSync(chunks).find((name) => sources(join(chunks, name)).includes('src/cli/commands/sync.ts'))!
    const loaded = new Set<string>()
    const visit = (name: string) => {
      if (loaded.has(name)) return
      loaded.add(name)
      for (const target of staticImports(readFileSync(join(chunks, name), 'utf8'))) if (target.startsWith('./')) visit(target.slice(2))
    }
    visit(syncChunk)
    const syncSources = [...loaded].flatMap((name) => sources(join(chunks, name)))
    expect(syncSources).toContain('src/main/core/sync/service.ts')
    expect(
      syncSources.filter((source) =>
        /^src\/shared\/(checklist|markdown)\/|^src\/main\/core\/export\/|^src\/shared\/review\/anchor|^node_modules\/(micromark|mdast|hast|diff)/.test(source),
      ),
    ).toEqual([])
    // Nor, until there is something to commit or merge, the YAML parser, the draft and record
    // parsers, the commit, the arrivals or the draft merge: each is a chunk of its own, imported
    // when needed, so a sync with nothing to do loads little (issue 34).
    expect(
      syncSources.filter((source) =>
        /^node_modules\/yaml\/|^src\/shared\/draft-file\/|^src\/shared\/review\/(records|policy)\.ts$|^src\/main\/core\/sync\/(merge|commit|arrivals)\.ts$|^src\/main\/core\/merge\//.test(
          source,
        ),
      ),
    ).toEqual([])
    expect(all).toEqual(expect.arrayContaining(['src/main/core/sync/merge.ts', 'src/main/core/sync/commit.ts', 'src/main/core/sync/arrivals.ts']))
    // simple-git is a chunk of its own too, loaded only for a commit, merge or push (git.ts): a sync with nothing to do runs git directly.
    expect(syncSources.filter((source) => source.startsWith('node_modules/simple-git/'))).toEqual([])
    expect(all.some((source) => source.startsWith('node_modules/simple-git/'))).toBe(true)
  })

  it('`review` and its reader thread load no file lock: proper-lockfile, graceful-fs and retry stay in the chunks of the commands that write', () => {
    const out = join(process.cwd(), 'out/cli')
    const chunks = join(out, 'chunks')
    const sources = (file: string) => [...readFileSync(file, 'utf8').matchAll(/^\/\/ (?:\.\.\/)*(?:main\/)?((?:src|node_modules)\/\S+)$/gm)].map((m) => m[1]!)
    // Every file a start of these loads, statically, from the review command's chunk and from the reader thread's entry.
    const loaded = new Set<string>()
    const visit = (file: string) => {
      if (loaded.has(file)) return
      loaded.add(file)
      for (const target of staticImports(readFileSync(file, 'utf8'))) if (target.startsWith('./')) visit(join(file, '..', target))
    }
    const reviewChunk = readdirSync(chunks).find((name) => sources(join(chunks, name)).includes('src/cli/commands/review.ts'))!
    visit(join(chunks, reviewChunk))
    visit(join(out, 'review-reader.mjs'))
    const reviewSources = [...loaded].flatMap(sources)
    expect(reviewSources).toEqual(
      expect.arrayContaining(['src/cli/commands/review.ts', 'src/cli/read-ahead/read.ts', 'src/main/core/reviews/record-history.ts']),
    )
    expect(
      reviewSources.filter((source) => /^node_modules\/(proper-lockfile|graceful-fs|retry)\/|^src\/main\/core\/folder\/file-lock\.ts$/.test(source)),
    ).toEqual([])
    expect(readdirSync(chunks).some((name) => sources(join(chunks, name)).includes('node_modules/proper-lockfile/lib/lockfile.js'))).toBe(true)
  })

  it('runs the bundled CLI with its exit code', async () => {
    const bin = join(process.cwd(), 'bin/grant-desk.mjs')
    const ok = await promisify(execFile)(process.execPath, [bin, 'lint', GOOD])
    expect(ok.stdout).toContain('1 draft checked: 0 must fix, 0 to improve.')
    const failed = await promisify(execFile)(process.execPath, [bin, 'lint', BLANK]).catch((error: { code: number; stdout: string }) => error)
    expect('code' in failed ? failed.code : 0).toBe(1)
  })

  it('runs `review --require-approval` from the bundle, reading the records beside the draft', async () => {
    const dir = tempDir('grant-desk-cli-')
    dirs.push(dir)
    const draft = join(dir, 'tracekit.md')
    writeFileSync(draft, readFileSync(GOOD, 'utf8').replace('format: grant-desk-draft/1', 'format: grant-desk-draft/2'))
    mkdirSync(join(dir, 'tracekit.reviews'))
    const id = '20261123T090000000Z-0000000a'
    writeFileSync(
      join(dir, 'tracekit.reviews', `${id}.yaml`),
      `id: ${id}\nkind: thread\nauthor: Ben\ncreated_at: 2026-11-23T09:00:00.000Z\nanchor:\n  target: draft\nbody: Cite the survey.\n`,
    )
    const bin = join(process.cwd(), 'bin/grant-desk.mjs')
    const gated = await promisify(execFile)(process.execPath, [bin, 'review', '--require-approval', draft]).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    )
    expect('code' in gated ? gated.code : 0).toBe(1)
    expect(gated.stdout).toContain('  open · whole draft · Ben · no replies: “Cite the survey.”')
    expect(gated.stderr).toContain('tracekit.md: not approved for merging: 1 open thread; not approved yet')
  })

  it('runs `export -o` from the bundle, Markdown renderer included', async () => {
    const dir = tempDir('grant-desk-cli-')
    dirs.push(dir)
    const draft = join(dir, 'tracekit.md')
    writeFileSync(draft, readFileSync(GOOD, 'utf8').replace('format: grant-desk-draft/1', 'format: grant-desk-draft/2'))
    const out = join(dir, 'tracekit.html')
    const bin = join(process.cwd(), 'bin/grant-desk.mjs')
    const result = await promisify(execFile)(process.execPath, [bin, 'export', draft, '-o', out])
    expect(result.stdout).toMatch(/^Wrote .*tracekit\.html: The copy holds the version saved/)
    const html = readFileSync(out, 'utf8')
    expect(html).toContain('<h3>Tracekit: a transaction tracing SDK for Arcadia</h3>')
    expect(html).not.toMatch(/<script/i)
  })
})

describe('grouped findings in the CLI', () => {
  const pitch = [
    '# Atlas',
    '',
    '## Milestones',
    '',
    '### Milestone 1',
    '',
    'Indexer.',
    '',
    '### Milestone 2',
    '',
    'Docs.',
    '',
    '### Milestone 3',
    '',
    'Launch.',
    '',
  ].join('\n')

  it('prints one line per group with its parts indented under it; JSON and SARIF keep each part with the group id', async () => {
    const dir = tempDir('grant-desk-cli-')
    dirs.push(dir)
    const file = join(dir, 'atlas.md')
    writeFileSync(file, pitch)
    const text = await run('lint', file)
    const lines = text.out.split('\n')
    const head = lines.findIndex((l) => /atlas\.md:5:1: Improve milestone-parts: 3 milestones lack parts/.test(l))
    expect(head).toBeGreaterThanOrEqual(0)
    expect(
      lines
        .slice(head + 1, head + 7)
        .filter((l) => /^ {4}\d+:\d+: Milestone \d/.test(l))
        .map((l) => l.trim().split(':')[0]),
    ).toEqual(['5', '9', '13'])
    expect(lines.filter((l) => l.includes('milestone-parts'))).toHaveLength(1)

    const json = JSON.parse((await run('lint', '--format', 'json', file)).out) as Array<{ findings: Array<{ ruleId: string; group?: { id: string } }> }>
    const parts = json[0]!.findings.filter((f) => f.ruleId === 'milestone-parts')
    expect(parts).toHaveLength(3)
    expect(parts.every((f) => f.group?.id === 'milestone-parts:milestones')).toBe(true)

    const sarif = JSON.parse((await run('lint', '--format', 'sarif', file)).out)
    const results = sarif.runs[0].results.filter((r: { ruleId: string }) => r.ruleId === 'milestone-parts')
    expect(results).toHaveLength(3)
    expect(results.every((r: { properties?: { group?: string } }) => r.properties?.group === 'milestone-parts:milestones')).toBe(true)
  })
})
