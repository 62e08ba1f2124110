/**
 * `npm run bench`: the full checklist (parse + every rule) on a ~100 KB pitch, against
 * markdownlint 0.40 with its default rules on the same text, in the same process. Runs are
 * interleaved and the medians compared, so machine load affects both sides alike.
 * Goal (issue: checklist linter): the checklist costs at most half of markdownlint's time.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { lint as markdownlint } from 'markdownlint/sync'
import { ALL_RULES, lint, parsePitch } from '../src/shared/checklist'
import { PARSE_OPTIONS } from '../src/shared/checklist/parse'
import type { RuleContext } from '../src/shared/checklist'
import { parseDraftFile } from '../src/shared/draft-file'
import { medianTimes } from './measure'

const RUNS = Number(process.env['BENCH_RUNS'] ?? 25)
const GOAL = 0.5
/** Text anyone can paste must not cost much more than a pitch of the same size. */
const PATHOLOGICAL_LIMIT = 3

// A realistic pitch scaled up: the complete example pitch's sections, repeated with numbered
// headings until the text is about 100 KB (as a long proposal with many work packages would be).
const draft = parseDraftFile(readFileSync(join(import.meta.dirname, '../test/fixtures/checklist/good-pitch.md'), 'utf8'))
const body = draft.pitch.slice(draft.pitch.indexOf('\n## ') + 1)
let pitch = draft.pitch
for (let n = 2; pitch.length < 100_000; n++) pitch += '\n' + body.replace(/^## (.+)$/gm, `## $1 (part ${n})`)
const input = {
  pitch,
  fields: draft.frontMatter.custom_fields,
  schema: draft.frontMatter.grant.application_schema,
  grant: draft.frontMatter.grant,
  now: Date.parse('2026-11-21T12:00:00Z'),
}

// Runs that make backtracking patterns quadratic: long digit runs, brackets, spaces, repeats.
const pathological = [
  '# Pathological', '', '## Budget', '', `- ${'1'.repeat(12_000)} h × $${'9'.repeat(3_000)}`, `- ${'111,'.repeat(3_000)} USD`, '',
  '## Milestones', '', `- ${'['.repeat(12_000)}`, `- ${'[a]('.repeat(3_000)}`, `- ${('1' + ' '.repeat(200)).repeat(40)}`, `- time${' '.repeat(8_000)}x`, '',
  '## Timeline', '', 'from 1 May 2027 to '.repeat(600), '', '## Team', '', `- ${'https://github.com/a/'.repeat(500)}`,
  '## KPIs', '', `- ${'10% '.repeat(3_000)}`, '## Problem statement', '', `${'Developers. '.repeat(1_500)}`,
  '## Placeholders', '', `${'[your '.repeat(1_500)} ${'<your '.repeat(1_500)} ${'**a '.repeat(1_500)}`,
  ...Array.from({ length: 600 }, (_, i) => `## Milestone ${i}\n\nText.\n`),
].join('\n')

const cases = {
  checklist: () => lint(input),
  markdownlint: () => markdownlint({ strings: { pitch } }),
  'checklist parse only': () => parsePitch(pitch),
  'whole-text parse (for comparison)': () => fromMarkdown(pitch, PARSE_OPTIONS),
  'checklist on pathological text': () => lint({ ...input, pitch: pathological }),
}
const doc = parsePitch(pitch)
const context: RuleContext = { doc, fields: input.fields, schema: input.schema, grant: input.grant, projectKind: undefined, now: input.now }
const withRules = { ...cases, 'checklist rules only': () => ALL_RULES.forEach((rule) => rule.check(context)) }

const m = medianTimes(withRules, RUNS)
const ratio = m['checklist']! / m['markdownlint']!
const pad = Math.max(...Object.keys(m).map((k) => k.length))
const worst = m['checklist on pathological text']! / m['checklist']! / (pathological.length / pitch.length)
console.log(`Pitch: ${(pitch.length / 1024).toFixed(1)} KiB, ${pitch.split('\n').length} lines; ${ALL_RULES.length} checklist rules; median of ${RUNS} interleaved runs`)
for (const [name, value] of Object.entries(m)) console.log(`  ${name.padEnd(pad)}  ${value.toFixed(1).padStart(7)} ms`)
console.log(`Ratio checklist / markdownlint: ${ratio.toFixed(2)} (goal: at most ${GOAL}) — ${ratio <= GOAL ? 'met' : 'NOT met'}`)
console.log(`Pathological text (${(pathological.length / 1024).toFixed(1)} KiB) per byte / pitch per byte: ${worst.toFixed(2)} (limit: ${PATHOLOGICAL_LIMIT}) — ${worst <= PATHOLOGICAL_LIMIT ? 'met' : 'NOT met'}`)
process.exitCode = ratio <= GOAL && worst <= PATHOLOGICAL_LIMIT ? 0 : 1
