/**
 * Issue 36's "done when" for fitting a pitch to a template, over the corpus of real proposals:
 * every W3F-family proposal (W3F, Mintbase and Crust use its template) fitted to templates of
 * other families, built from their headings (Canton's, Algorand xGov's, the Haskell
 * Foundation's), and to the demo grants' own templates. Each fitted pitch holds every line of the
 * original's section bodies, has each matched section under the template's heading, follows the
 * template's order, and gets no missing-section finding from the checklist that the original did
 * not get. The texts are read from ../shared/real-proposals, never copied here.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lint, type Finding } from '../../../../src/shared/checklist'
import { fitToTemplate } from '../../../../src/shared/checklist/fit'
import { readOutline, type OutlineNode } from '../../../../src/shared/checklist/fit/outline'
import { splitFrontMatter } from '../../../../src/shared/draft-file'
import { demoFixture } from '../../../../src/service/demo-data'
import { CORPUS_DIR, corpusPresent } from '../../../support/corpus'

const template = (...sections: Array<[string, string]>) => sections.map(([heading, hint]) => `${heading}\n<!-- ${hint} -->\n`).join('\n')

/** Other families' templates, from the headings their proposals share (see the corpus README). */
const OTHER_FAMILIES: Record<string, string> = {
  canton: template(
    ['# Development Fund Proposal', 'Author, organisation and status.'],
    ['## Abstract', 'What this builds, in a paragraph.'],
    ['## Specification', 'What is built and how.'],
    ['### 1. Objective', 'The goal, in a sentence a reviewer can check.'],
    ['### 2. Implementation Mechanics', 'Components, interfaces and the stack.'],
    ['## Milestones and Deliverables', 'Each milestone with its deliverables and acceptance criteria.'],
    ['## Acceptance Criteria', 'How the committee tests that the work is done.'],
    ['## Funding', 'The total and the payment per milestone.'],
    ['## Co-Marketing', 'What is announced and where.'],
    ['## Motivation', 'Why the network needs this.'],
    ['## Rationale', 'Why this design over the alternatives.'],
  ),
  xgov: template(
    ['## Abstract', 'The proposal in a paragraph.'],
    ['## Team', 'Who does the work, with links.'],
    ['## Experience with Algorand', 'What the team has built before.'],
    ['## Present Proposal', 'What this grant pays for.'],
    ['## Future Blueprint', 'What comes after it.'],
    ['## Benefits for the community', 'Who gains what.'],
    ['## Additional information', 'Anything else.'],
  ),
  haskell: template(
    ['## Abstract', 'The proposal in a paragraph.'],
    ['## Background', 'What exists today.'],
    ['## Problem Statement', 'What is wrong with it.'],
    ['## Prior Art', 'What others did.'],
    ['## Technical Content', 'The design.'],
    ['## Timeline', 'When each part is done.'],
    ['## Budget', 'What it costs.'],
    ['## Stakeholders', 'Who is affected.'],
    ['## Success', 'How success is measured.'],
  ),
}

/** Two of the demo grants' templates: a developer-tooling round and a research grant (their headings differ most). */
const DEMO_TEMPLATES = Object.fromEntries(
  demoFixture(new Date('2026-01-01T00:00:00Z'))
    .grants.filter((grant) => /^(?:Developer Tooling|Research Grants)/.test(grant.title))
    .map((grant) => [grant.title, grant.template_md]),
)
/** Each test reads 403 proposals (and lints each twice): seconds alone, much longer on a shared machine. */
const CORPUS_TIMEOUT = 300_000

/** The non-blank lines outside headings, as a multiset (line → count), read by the checklist's parser. */
function bodyLines(text: string): Map<string, number> {
  const outline = readOutline(text)
  const counts = new Map<string, number>()
  const add = (line: string) => {
    if (line.trim() !== '') counts.set(line, (counts.get(line) ?? 0) + 1)
  }
  outline.preamble.forEach(add)
  const walk = (node: OutlineNode) => {
    node.body.forEach(add)
    node.children.forEach(walk)
  }
  outline.roots.forEach(walk)
  return counts
}

/** `after` minus `before`, as a multiset; negative counts are lines lost. */
function difference(after: Map<string, number>, before: Map<string, number>): Map<string, number> {
  const diff = new Map<string, number>()
  for (const [line, n] of after) if (n !== (before.get(line) ?? 0)) diff.set(line, n - (before.get(line) ?? 0))
  for (const [line, n] of before) if (!after.has(line)) diff.set(line, -n)
  return diff
}

/** A finding that a part of the guidance, or a section for it, is absent from the whole pitch. */
const isMissingSection = (f: Finding) => f.missing !== undefined || /\bpitch has no [\w\s-]*section\b/.test(f.message)
const missingKeys = (pitch: string, templateMd: string) =>
  new Set(
    lint({ pitch, grant: { type: 'grant', template: templateMd }, now: Date.parse('2026-01-01T00:00:00Z') })
      .findings.filter(isMissingSection)
      .map((f) => `${f.ruleId}:${f.missing ?? f.message}`),
  )

function flatten(nodes: readonly OutlineNode[]): OutlineNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)])
}

describe.runIf(corpusPresent('fitting W3F-family proposals to other templates'))('fitting real proposals to another family’s template', () => {
  const dir = join(CORPUS_DIR, 'drafts')
  const pitches = readdirSync(dir)
    .filter((file) => /^(?:w3f|mintbase|crust)-/.test(file))
    .sort()
    .map((file) => {
      const split = splitFrontMatter(readFileSync(join(dir, file), 'utf8'))
      if (split === null || split === 'unclosed') throw new Error(`${file}: no draft front matter`)
      return { file, pitch: split.body }
    })
  const templates = { ...OTHER_FAMILIES, ...DEMO_TEMPLATES }

  it('reads enough proposals and templates to mean something', () => {
    expect(pitches.length).toBeGreaterThan(400)
    expect(Object.keys(DEMO_TEMPLATES)).toHaveLength(2)
  })

  for (const [name, templateMd] of Object.entries(templates)) {
    it(
      `${name}: drops no line, puts each matched part under the template's heading, in its order, and twice is once`,
      () => {
        const templateNodes = flatten(readOutline(templateMd).roots)
        let moved = 0
        for (const { file, pitch } of pitches) {
          const { text, plan } = fitToTemplate(pitch, templateMd)
          // Nothing lost, and nothing added but the guidance under the headings the pitch lacked.
          const added = difference(bodyLines(text), bodyLines(pitch))
          const guidance = new Map<string, number>()
          for (const node of templateNodes) {
            const isMissing = plan.missing.some((m) => m.line === node.line) || (node.line === plan.templateTitle?.line && plan.title === null)
            if (isMissing) for (const line of node.body) if (line.trim() !== '') guidance.set(line, (guidance.get(line) ?? 0) + 1)
          }
          expect([file, Object.fromEntries(added)]).toEqual([file, Object.fromEntries(guidance)])

          // The template's headings, at its depths and in its order (the title is the pitch's own when it has one).
          const headings = flatten(readOutline(text).roots)
          const expected = plan.title && plan.templateTitle ? templateNodes.slice(1) : templateNodes
          const positions: number[] = []
          for (const node of expected) {
            const from = (positions[positions.length - 1] ?? -1) + 1
            const at = headings.findIndex((h, i) => i >= from && h.raw === node.raw && h.depth === node.depth)
            expect(at, `${file}: “${node.raw}” in the template's order`).toBeGreaterThanOrEqual(0)
            positions.push(at)
          }
          const sectionAt = positions.slice(expected.length - plan.rows.length)

          // Each section the plan put under a template heading has its text under that heading.
          const original = flatten(readOutline(pitch).roots)
          for (const [index, row] of plan.rows.entries()) {
            const under = headings[sectionAt[index]!]!
            const inside = new Set(flatten([under]).flatMap((node) => node.body))
            for (const doc of row.documents) {
              const source = original.find((node) => node.line === doc.line)!
              for (const line of source.body) expect(inside.has(line), `${file}: “${doc.title}” under “${row.template.title}”`).toBe(true)
              moved++
            }
          }
          expect(fitToTemplate(text, templateMd).text, `${file}: fitting twice`).toBe(text)
        }
        expect(moved).toBeGreaterThan(pitches.length)
      },
      CORPUS_TIMEOUT,
    )

    it(
      `${name}: the checklist finds no part missing that the original had`,
      () => {
        const worse: string[] = []
        for (const { file, pitch } of pitches) {
          const before = missingKeys(pitch, templateMd)
          const added = [...missingKeys(fitToTemplate(pitch, templateMd).text, templateMd)].filter((key) => !before.has(key))
          if (added.length > 0) worse.push(`${file}: ${added.join('; ')}`)
        }
        console.log(`${name}: ${worse.length} of ${pitches.length} fitted proposals get a missing-section finding the original did not have`)
        expect(worse, worse.join('\n')).toEqual([])
      },
      CORPUS_TIMEOUT,
    )
  }
})
