/**
 * The failure classes issue 14 found on real proposals, each as a small pitch of our own (no
 * corpus text): how real applicants write Markdown must not read as a template left unfilled.
 */
import { describe, expect, it } from 'vitest'
import { lint, summarize } from '../../../../src/shared/checklist'
import type { Finding, LintInput } from '../../../../src/shared/checklist'

const md = (...lines: string[]) => lines.join('\n')
const GRANT = { type: 'grant' as const }
const run = (pitch: string, input: Partial<LintInput> = {}) => lint({ pitch, grant: GRANT, ...input }).findings
const of = (findings: Finding[], ruleId: string) => findings.filter((f) => f.ruleId === ruleId)

describe('placeholders', () => {
  it('takes neither a link label nor a table-of-contents entry for a bracketed prompt', () => {
    const findings = run(
      md(
        '# Atlas',
        '',
        '- [Additional Information](#additional-info)',
        '- See [Enterprise NFT platform](https://example.org/x) and [Insert guide][ref].',
        '',
        '[ref]: https://example.org/guide',
      ),
    )
    expect(of(findings, 'template-placeholder')).toEqual([])
  })

  it('reads "todo" in prose and brackets in a code span as words', () => {
    const findings = run(
      md('# Atlas', '', 'We start with a basic todo list app.', '', 'Run `backup [address_or_label]` to save a key, and `<your_key>` stays in code.'),
    )
    expect(of(findings, 'template-placeholder')).toEqual([])
  })

  it('reads TBD in running prose as a later decision, but a bare TBD answer as an open one (warning)', () => {
    const prose = run(md('# Atlas', '', 'The storage backend (TBD once the benchmark is in) will be pluggable.'))
    expect(of(prose, 'template-placeholder')).toEqual([])
    const open = of(run(md('# Atlas', '', '## Legal structure', '', 'TBD')), 'template-placeholder')
    expect(open).toEqual([expect.objectContaining({ severity: 'warning', line: 5 })])
  })

  it('still reports a template prompt, a capitalised TODO and a <your_…> slot as errors', () => {
    const findings = of(run(md('# [Your project name]', '', 'TODO: add numbers.', '', '- https://github.com/<your_repo_1>')), 'template-placeholder')
    expect(findings.map((f) => [f.line, f.severity])).toEqual([
      [1, 'error'],
      [3, 'error'],
      [5, 'error'],
    ])
  })
})

describe('tables', () => {
  const table = (...rows: string[]) => md('# Atlas', '', '## Budget', '', '| Item | Cost |', '| --- | --- |', ...rows)

  it('takes an empty row between filled ones for a spacer, and a short wrapped row for no template row', () => {
    expect(of(run(table('|   |   |', '| Dev | $4,000 |', '|   |   |', '| Docs | $1,000 |')), 'template-placeholder')).toEqual([])
    expect(of(run(table('| Dev | $4,000 |', ' |')), 'template-placeholder')).toEqual([])
  })

  it('reports an empty template row left at the end as a warning', () => {
    expect(of(run(table('| Dev | $4,000 |', '|   |   |')), 'template-placeholder')).toEqual([expect.objectContaining({ severity: 'warning', line: 8 })])
  })
})

describe('headings', () => {
  it('notes stacked headings (info) but reports a heading with nothing after it, or only a hint, as an error', () => {
    const findings = of(
      run(md('# Atlas', '', '### M1', '### Metadata storage', '', 'Text.', '', '## Team', '<!-- Who are you? -->', '', '## Future plans')),
      'blank-section',
    )
    expect(findings.map((f) => [f.line, f.severity])).toEqual([
      [3, 'info'],
      [8, 'error'],
      [11, 'error'],
    ])
  })

  it('reads a heading that states its value, or is a sentence, as no blank section', () => {
    const findings = run(
      md(
        '# Atlas',
        '',
        '#### Payout: $10,000 USD',
        '#### Duration: 4 weeks',
        '',
        '## Future',
        '',
        '#### Please refer to the roadmap in our repository for the later phases.',
      ),
    )
    expect(of(findings, 'blank-section')).toEqual([])
  })
})

describe('milestones', () => {
  it('finds milestones written as paragraphs of week ranges', () => {
    const pitch = md(
      '# Atlas',
      '',
      '## Development Roadmap',
      '',
      '**Weeks 1-2:** Design',
      'Mock-ups and review.',
      '',
      '**Weeks 3-4:** Build',
      'The indexer, https://github.com/atlas/indexer.',
      '',
      '**Weeks 5-6:** Launch',
      'Deployed on testnet.',
    )
    const findings = run(pitch)
    expect(of(findings, 'milestones-count')).toEqual([])
  })

  it('reads "M1: T0 + 4 weeks" as offsets from the start, not durations to add up', () => {
    const pitch = md(
      '# Atlas',
      '',
      '## Development Roadmap',
      '',
      'Based on our earlier client.',
      '',
      '### Timeline',
      '',
      '- T0: start',
      '- M1: T0 + 4 weeks, $4,000',
      '- M2: T0 + 8 weeks, $4,000',
      '- M3: T0 + 3 months, $4,000',
    )
    const findings = run(pitch)
    expect(of(findings, 'milestones-count')).toEqual([])
    // 13 weeks in all (not 4 + 8 + 13): inside 2 to 6 months, so no timeline finding.
    expect(of(findings, 'timeline-length').filter((f) => f.severity !== 'info')).toEqual([])
  })

  it('gives "no milestones" as a warning that marks the plan missing when there are none at all', () => {
    expect(of(run(md('# Atlas', '', 'We build an indexer.')), 'milestones-count')).toEqual([
      expect.objectContaining({ severity: 'warning', missing: 'milestones' }),
    ])
    expect(of(run(md('# Atlas', '', '## Development Roadmap', '', 'The financial plan is shared privately by the Google form.')), 'milestones-count')).toEqual([
      expect.objectContaining({ severity: 'warning' }),
    ])
    expect(of(run(md('* # Atlas', '', '  * **Milestone 1:** indexer', '  * **Milestone 2:** docs')), 'milestones-count')).toEqual([
      expect.objectContaining({ severity: 'warning' }),
    ])
  })

  it('reads bold labels in milestone subsections, and does not count a task table as milestones', () => {
    const milestone = (n: number) => [
      `### Milestone ${n}: Part ${n}`,
      '',
      '- **Estimated duration:** 4 weeks',
      '- **Costs:** $10,000',
      '',
      '| Number | Deliverable | Specification |',
      '| --- | --- | --- |',
      '| 1 | Code | https://github.com/atlas/x with unit tests |',
      '| 2 | Docs | A tutorial |',
      '| 3 | Docker | A Dockerfile |',
      '',
    ]
    const findings = run(md('# Atlas', '', '## Development Roadmap', '', ...milestone(1), ...milestone(2), ...milestone(3)))
    expect(of(findings, 'milestones-count')).toEqual([])
    // Amount and weeks read from the labels: at most the explicit criteria are noted (info).
    expect(of(findings, 'milestone-parts').map((f) => [f.severity, f.message])).toEqual(
      [1, 2, 3].map((n) => ['info', `Milestone ${n} “Part ${n}” lacks completion criteria.`]),
    )
  })

  it('reads an amount in another currency as an amount', () => {
    const pitch = md(
      '# Atlas',
      '',
      '## Milestones',
      '',
      '| Milestone | Deliverables | Weeks | Cost |',
      '| --- | --- | --- | --- |',
      '| M1 Indexer | https://github.com/atlas/indexer | 4 | € 16 128 |',
      '| M2 Docs | Documentation site | 3 | 30K Dai |',
      '| M3 Node | https://github.com/atlas/node | 3 | 2,000 DOT |',
    )
    expect(of(run(pitch), 'milestone-parts').filter((f) => f.message.includes('amount'))).toEqual([])
  })

  it('groups the missing parts of several milestones into one cause', () => {
    const pitch = md(
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
    )
    const parts = of(run(pitch), 'milestone-parts')
    expect(parts.length).toBe(3)
    expect(new Set(parts.map((f) => f.group?.id))).toEqual(new Set(['milestone-parts:milestones']))
    expect(summarize(parts).warnings).toBe(1)
  })
})

describe('the team', () => {
  it('does not take Contact Name or Email for members, and reports unlinked members in one finding', () => {
    const pitch = md(
      '# Atlas',
      '',
      '## Team',
      '',
      '- **Contact Name:** Ada Okafor',
      '- **Contact Email:** ada@example.org',
      '- Ada Okafor, lead',
      '- Tomás Reyes, engineer',
    )
    const findings = of(run(pitch), 'team-links')
    expect(findings).toHaveLength(1)
    expect(findings[0]).toMatchObject({ severity: 'warning', line: 7 })
    expect(findings[0]!.message).toContain('2 team members')
    expect(findings[0]!.message).not.toContain('Contact')
  })

  it('credits links in a sibling section (info, not a warning)', () => {
    const pitch = md(
      '# Atlas',
      '',
      '## Team',
      '',
      '- Ada Okafor, lead',
      '- Tomás Reyes, engineer',
      '',
      '## Team Code Repos',
      '',
      '- https://github.com/ada',
      '- https://github.com/tomas',
    )
    expect(of(run(pitch), 'team-links')).toEqual([expect.objectContaining({ severity: 'info' })])
  })

  it('reports a missing Team section as one group across its checks', () => {
    const findings = run(md('# Atlas', '', '## Problem', '', 'Indexers are slow.'))
    const grouped = findings.filter((f) => f.group?.id === 'team:no-section')
    expect(grouped.map((f) => f.ruleId).sort()).toEqual(['prior-project-linked', 'team-links', 'team-prior-work'])
    expect(summarize(grouped).warnings).toBe(1)
  })
})

describe('metadata and sections', () => {
  it('takes the problem statement from prose, not from a metadata header', () => {
    const pitch = md(
      '# Atlas',
      '',
      '* **Project Name:** Atlas',
      '* **Team Name:** Atlas Labs',
      '',
      '## Overview',
      '',
      'Polkadot wallet developers wait minutes for an indexer to answer a balance query, so their apps feel broken.',
    )
    const findings = of(run(pitch), 'problem-statement')
    expect(findings).toEqual([])
  })

  it('recognises Project Details as the technical section', () => {
    const pitch = md('# Atlas', '', '## Project Details', '', 'The indexer is written in Rust with a PostgreSQL store.')
    expect(of(run(pitch), 'tech-stack')).toEqual([])
  })
})

describe('fields', () => {
  it('names the schema field on findings about application fields', () => {
    const schema = [
      { name: 'team_name', label: 'Team name', type: 'text' as const, required: true },
      { name: 'website', label: 'Website', type: 'url' as const, required: false },
    ]
    const findings = run(md('# Atlas', '', 'Text.'), { schema, fields: { website: 'not a url' } })
    expect(findings.find((f) => f.ruleId === 'required-fields')).toMatchObject({ field: 'team_name', severity: 'error' })
    expect(findings.find((f) => f.ruleId === 'field-values')).toMatchObject({ field: 'website' })
  })
})
