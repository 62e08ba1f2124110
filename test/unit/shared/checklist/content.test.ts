/** The content rules' tricky cases: what counts, what does not, and where findings point. */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lint } from '../../../../src/shared/checklist'
import type { LintInput, Rule } from '../../../../src/shared/checklist'
import {
  CONTENT_RULES,
  ecosystemFeatures,
  ecosystemMultiplier,
  ecosystemWhy,
  findTechnology,
  isMeasurable,
  kpisMeasurable,
  priorProjectLinked,
  problemQuantified,
  problemStatement,
  soloScope,
  teamLinks,
  teamPriorWork,
  techStack,
} from '../../../../src/shared/checklist/rules/content'
import { FIXTURES, fixtureInput } from '../../../support/checklist'

const GRANT = { title: 'Lumen Ecosystem Grants', reward: '15,000 USDC', deadline: '2099-01-01T00:00:00.000Z' }

function run(rule: Rule, pitch: string, extra: Partial<LintInput> = {}) {
  return lint({ pitch, schema: null, fields: {}, grant: GRANT, ...extra }, [rule]).findings
}

const md = (...lines: string[]) => lines.join('\n')

describe('problem-statement', () => {
  it('warns at the document start when there is neither a problem section nor an opening paragraph', () => {
    const findings = run(problemStatement, md('# Devnet', '', '## Technical solution', '', 'A Rust CLI.'))
    expect(findings).toHaveLength(1)
    expect(findings[0]).toMatchObject({ line: 1, column: 1, severity: 'warning' })
    expect(findings[0]!.message).toContain('no problem statement')
  })

  it('falls back to the opening paragraph after the title', () => {
    expect(run(problemStatement, md('# Devnet', '', 'Lumen developers wait 20 minutes for test tokens.', '', '## Technical solution', '', 'A Rust CLI.'))).toEqual([])
  })

  it('points at the heading of a problem section with only the template hint', () => {
    const findings = run(problemStatement, md('# Devnet', '', '## Problem statement', '<!-- One sentence: who has what problem. -->', '', '## Team', '', 'Ada.'))
    expect(findings).toHaveLength(1)
    expect(findings[0]!.line).toBe(3)
    expect(findings[0]!.message).toContain('“Problem statement” has no paragraph')
  })

  it('skips the hint comment and judges the first sentence only', () => {
    const pitch = md('# Devnet', '', '## Problem statement', '<!-- One sentence. -->', '', 'Lumen developers wait 20 minutes for a funded test account. ' + 'Details follow here at length. '.repeat(20))
    expect(run(problemStatement, pitch)).toEqual([])
  })

  it('reports an over-long first sentence at its paragraph, with its length', () => {
    const long = `Developers ${'really '.repeat(50)}wait.`
    const findings = run(problemStatement, md('# Devnet', '', '## Problem', '', long))
    expect(findings).toHaveLength(1)
    expect(findings[0]!.line).toBe(5)
    expect(findings[0]!.message).toMatch(/is 52 words long/)
  })

  it('reports a first sentence too short to name who has which problem', () => {
    const findings = run(problemStatement, md('# Devnet', '', '## Problem', '', 'Debugging is hard. Developers lose 6 hours a week.'))
    expect(findings).toHaveLength(1)
    expect(findings[0]!.message).toContain('“Debugging is hard.”')
  })
})

describe('problem-quantified', () => {
  it('does not count years, versions or numbers in the template hint', () => {
    const pitch = md('# Devnet', '', '## Problem statement', '<!-- Say how many of them (a number), e.g. 3 teams. -->', '', 'Since 2024 the v2 faucet is often empty and developers give up.')
    const findings = run(problemQuantified, pitch)
    expect(findings).toHaveLength(1)
    expect(findings[0]!.line).toBe(3)
    expect(findings[0]!.message).toContain('not quantified')
  })

  it('accepts a percentage, an amount or a count', () => {
    for (const text of ['38% of developers give up.', 'Teams lose $4,000 a month.', 'About 1,200 developers wait.']) {
      expect(run(problemQuantified, md('# Devnet', '', '## Problem', '', text))).toEqual([])
    }
  })

  it('warns at the document start when there is no problem to quantify', () => {
    expect(run(problemQuantified, md('# Devnet', '', '## Team', '', 'Ada.'))[0]).toMatchObject({ line: 1, column: 1 })
  })
})

describe('tech-stack', () => {
  it('is only an info, not a warning, when no known technology is named', () => {
    const findings = run(techStack, md('# Devnet', '', '## Technical solution', '', 'We write it in Gleam with our own framework.'))
    expect(findings).toHaveLength(1)
    expect(findings[0]).toMatchObject({ severity: 'info', line: 3 })
    expect(findings[0]!.message).toContain("if you named one we don't know, ignore this")
  })

  it('warns at the document start when there is no solution section', () => {
    expect(run(techStack, md('# Devnet', '', '## Problem', '', 'Slow.'))[0]).toMatchObject({ severity: 'warning', line: 1 })
  })

  it('matches names case-insensitively on word boundaries, and English words only as written', () => {
    expect(findTechnology('written in rust and typescript')).toBe('rust')
    expect(findTechnology('a C++ core')).toBe('C++')
    expect(findTechnology('served over gRPC')).toBe('gRPC')
    expect(findTechnology('a Next.js front end')).toBe('Next.js')
    expect(findTechnology('zk-SNARKs for privacy')).toBe('zk-SNARKs')
    expect(findTechnology('a backend in Go')).toBe('Go')
    expect(findTechnology('we go to market with a Go-to-market plan')).toBeNull()
    expect(findTechnology('we move fast and react to feedback')).toBeNull()
    expect(findTechnology('trusty tools, no gopher')).toBeNull()
  })

  it('reads a subsection of the solution and ignores the hint comment', () => {
    const hinted = md('# Devnet', '', '## Technical solution', '<!-- The stack you will use (Rust, TypeScript). -->', '', 'A fast tool.')
    expect(run(techStack, hinted)[0]!.severity).toBe('info')
    const nested = md('# Devnet', '', '## Technical solution', '', 'Overview.', '', '### Stack', '', 'PostgreSQL and Redis.')
    expect(run(techStack, nested)).toEqual([])
  })
})

describe('ecosystem-features', () => {
  it('accepts a standard or an API name', () => {
    expect(run(ecosystemFeatures, md('# T', '', '## Technical solution', '', 'The vault issues ERC-4626 shares.'))).toEqual([])
    expect(run(ecosystemFeatures, md('# T', '', '## Technical solution', '', 'It reads the v2 tracing RPC.'))).toEqual([])
  })

  it('accepts “uses” with a code span or a proper noun, not a vague “uses”', () => {
    expect(run(ecosystemFeatures, md('# T', '', '## Approach', '', 'It uses `lumen_getLogs` for events.'))).toEqual([])
    expect(run(ecosystemFeatures, md('# T', '', '## Approach', '', 'It builds on Lumen Name Service records.'))).toEqual([])
    const findings = run(ecosystemFeatures, md('# T', '', '## Approach', '', 'It uses less memory and is fast.'))
    expect(findings).toHaveLength(1)
    expect(findings[0]!.line).toBe(3)
  })

  it('warns at the document start when there is no solution or ecosystem section', () => {
    expect(run(ecosystemFeatures, md('# T', '', '## Team', '', 'Ada.'))[0]).toMatchObject({ line: 1 })
  })
})

describe('ecosystem-why', () => {
  it('accepts “because”, “unlike”, “only … offers”', () => {
    for (const text of ['We chose Lumen because its runtime is embeddable.', 'Unlike other chains, Lumen has native accounts.', 'Lumen is the only chain that offers tracing.']) {
      expect(run(ecosystemWhy, md('# T', '', '## Ecosystem alignment', '', text))).toEqual([])
    }
  })

  it('accepts a “Why Lumen?” subsection with content', () => {
    expect(run(ecosystemWhy, md('# T', '', '## Ecosystem alignment', '', 'It fits Round 7.', '', '### Why Lumen?', '', 'Its runtime is embeddable.'))).toEqual([])
  })

  it('does not take the template’s hint for an answer', () => {
    const findings = run(ecosystemWhy, md('# T', '', '## Ecosystem alignment', '<!-- Which focus area this serves and why no one else funds it. -->', '', 'It fits Round 7.'))
    expect(findings).toHaveLength(1)
    expect(findings[0]!.line).toBe(3)
    expect(findings[0]!.message).toContain('does not say why this ecosystem specifically')
  })

  it('warns at the document start when there is no ecosystem section', () => {
    expect(run(ecosystemWhy, md('# T', '', '## Team', '', 'Ada.'))[0]).toMatchObject({ line: 1 })
  })
})

describe('ecosystem-multiplier', () => {
  it('accepts other teams reusing the work in the ecosystem section', () => {
    expect(run(ecosystemMultiplier, md('# T', '', '## Ecosystem alignment', '', 'Other teams can reuse the decoder.'))).toEqual([])
  })

  it('finds a clear “other projects” sentence anywhere in the pitch', () => {
    expect(run(ecosystemMultiplier, md('# T', '', '## KPIs', '', '- 20 other projects integrate the SDK by June 2027'))).toEqual([])
  })

  it('does not count a mere mention of developers outside the ecosystem and solution sections', () => {
    const findings = run(ecosystemMultiplier, md('# T', '', '## Problem', '', 'Developers use raw traces today.', '', '## Ecosystem alignment', '', 'It fits Round 7.'))
    expect(findings).toHaveLength(1)
    expect(findings[0]!.line).toBe(7)
  })
})

describe('team-links', () => {
  it('reports each person without a link, at their line and by name', () => {
    const pitch = md('# T', '', '## Team', '', '- **Ada Okafor**, lead: [GitHub](https://github.com/ada)', '- **Tomás Reyes**, Rust engineer', '- Mei (github.com/mei), design')
    const findings = run(teamLinks, pitch)
    expect(findings).toHaveLength(1)
    expect(findings[0]!.line).toBe(6)
    expect(findings[0]!.message).toContain('“Tomás Reyes”')
  })

  it('does not take a list of prior grants for a list of people', () => {
    const pitch = md('# T', '', '## Team', '', 'Ada Okafor ([GitHub](https://github.com/ada)).', '', 'Prior grants:', '', '- Lumen Builders Fund 2025, delivered')
    expect(run(teamLinks, pitch)).toEqual([])
  })

  it('warns at the heading when a prose team section has no link', () => {
    const findings = run(teamLinks, md('# T', '', '## About us', '', 'Ada and Tomás, two Rust engineers.'))
    expect(findings).toHaveLength(1)
    expect(findings[0]!.line).toBe(3)
  })

  it('warns at the document start without a team section, unless the form describes the team with links', () => {
    expect(run(teamLinks, md('# T', '', '## Problem', '', 'Slow.'))[0]).toMatchObject({ line: 1 })
    expect(run(teamLinks, md('# T', '', '## Problem', '', 'Slow.'), { fields: { team_members: 'Ada Okafor https://github.com/ada' } })).toEqual([])
  })
})

describe('team-prior-work', () => {
  const team = (text: string) => md('# T', '', '## Team', '', text)

  it('reports a grant without its outcome', () => {
    const findings = run(teamPriorWork, team('Ada built the Lumen faucet. We received a Lumen grant in 2025.'))
    expect(findings.map((f) => f.message)).toEqual(['The section “Team” mentions prior grants but not their outcomes.'])
    expect(findings[0]!.line).toBe(3)
  })

  it('accepts a grant with an outcome, or a first grant', () => {
    expect(run(teamPriorWork, team('Ada built the Lumen faucet. A 2025 Lumen grant: all 3 milestones delivered on time.'))).toEqual([])
    expect(run(teamPriorWork, team('Ada built the Lumen faucet. This is our first grant.'))).toEqual([])
  })

  it('reports missing prior work and missing grants separately', () => {
    const messages = run(teamPriorWork, team('Ada and Tomás, two Rust engineers.')).map((f) => f.message)
    expect(messages).toHaveLength(2)
    expect(messages[0]).toContain('prior work')
    expect(messages[1]).toContain('does not mention prior grants')
  })

  it('reads a separate prior-work section', () => {
    const pitch = md('# T', '', '## Team', '', 'Ada Okafor.', '', '## Track record', '', 'Shipped the Lumen faucet; a 2025 grant completed with its final report.')
    expect(run(teamPriorWork, pitch)).toEqual([])
  })
})

describe('solo-scope', () => {
  const pitchWith = (team: string) => md('# T', '', '## Team', '', team, '', '## Timeline', '', 'Eight weeks.')

  it('detects a solo applicant from a team-size field of 1', () => {
    const findings = run(soloScope, pitchWith('Ada Okafor (https://github.com/ada).'), { fields: { team_size: '1' } })
    expect(findings).toHaveLength(1)
    expect(findings[0]!.line).toBe(3)
    expect(findings[0]!.message).toContain('why the scope fits one person')
  })

  it('detects “solo” in the team section, and a one-person list with “I” as subject', () => {
    expect(run(soloScope, pitchWith('I am a solo developer (https://github.com/ada).'))).toHaveLength(1)
    expect(run(soloScope, pitchWith('- Ada Okafor (https://github.com/ada)\n\nI built the Lumen faucet.'))).toHaveLength(1)
  })

  it('accepts a justification: time commitment or scope', () => {
    expect(run(soloScope, pitchWith('I am a solo developer working full-time on it.'))).toEqual([])
    const timeline = md('# T', '', '## Team', '', 'Solo: Ada.', '', '## Timeline', '', 'At 30 hours per week, eight weeks.')
    expect(run(soloScope, timeline)).toEqual([])
  })

  it('says nothing for a team, or when it cannot tell', () => {
    expect(run(soloScope, pitchWith('- Ada\n- Tomás\n\nI lead the work.'))).toEqual([])
    expect(run(soloScope, pitchWith('- Ada Okafor, who built the faucet.'))).toEqual([])
    expect(run(soloScope, pitchWith('Ada Okafor.'), { fields: { team_size: '3' } })).toEqual([])
  })
})

describe('prior-project-linked', () => {
  const team = (text: string) => md('# T', '', '## Team', '', text)

  it('does not count a profile link', () => {
    const findings = run(priorProjectLinked, team('- Ada Okafor, who built many tools: [GitHub](https://github.com/ada), [X](https://x.com/ada)'))
    expect(findings).toHaveLength(1)
    expect(findings[0]!.message).toContain('profiles only')
  })

  it('counts a repository link, even without a verb, and a written-out github.com link', () => {
    expect(run(priorProjectLinked, team('- Ada: [lumen-faucet](https://github.com/ada/lumen-faucet)'))).toEqual([])
    expect(run(priorProjectLinked, team('Ada maintains github.com/ada/lumen-indexer.'))).toEqual([])
  })

  it('does not count the pitched project’s own repository', () => {
    const findings = run(priorProjectLinked, team('Ada: https://github.com/devnet/devnet'), { fields: { github_repository: 'https://github.com/devnet/devnet' } })
    expect(findings).toHaveLength(1)
  })

  it('counts a deployed app or report only next to a word like built or launched', () => {
    expect(run(priorProjectLinked, team('Ada launched https://faucet.lumen.dev in 2025.'))).toEqual([])
    expect(run(priorProjectLinked, team('Ada writes at https://ada.dev about Rust.'))).toHaveLength(1)
  })

  it('warns at the document start without a team section', () => {
    expect(run(priorProjectLinked, md('# T', '', '## Problem', '', 'Slow.'))[0]).toMatchObject({ line: 1 })
  })
})

describe('kpis-measurable', () => {
  it('reports each vague KPI at its line, quoting it', () => {
    const pitch = md('# T', '', '## KPIs', '', '- 500 installs within 3 months', '- Grow the community', '- M1 adoption across v2 users')
    const findings = run(kpisMeasurable, pitch)
    expect(findings.map((f) => f.line)).toEqual([6, 7])
    expect(findings[0]!.message).toBe('“Grow the community” is not measurable: add a number and a date, e.g. “200 weekly active developers by June 2027”.')
  })

  it('accepts a number with a unit, a percentage or a date', () => {
    for (const kpi of ['1,000 weekly npm downloads', '90% of issues answered', 'Mainnet launch by June 2027', 'Audit done in Q3 2027', 'p95 latency under 200 ms', '$5k TVL']) {
      expect(isMeasurable(kpi), kpi).toBe(true)
    }
    for (const kpi of ['Grow the community', 'Become the default tool', 'Ship v2', 'Top tool on ERC20']) {
      expect(isMeasurable(kpi), kpi).toBe(false)
    }
  })

  it('judges table rows, or sentences when there is no list', () => {
    const table = md('# T', '', '## Success metrics', '', '| KPI | Target |', '| --- | --- |', '| Downloads | 1,000 a week |', '| Community | Strong |')
    const rows = run(kpisMeasurable, table)
    expect(rows.map((f) => f.line)).toEqual([8])
    expect(rows[0]!.message).toMatch(/^“Community: Strong” is not measurable/)
    const prose = md('# T', '', '## KPIs', '', 'We aim for 300 monthly users. We also want happy users.')
    const findings = run(kpisMeasurable, prose)
    expect(findings).toHaveLength(1)
    expect(findings[0]!.message).toContain('“We also want happy users.”')
  })

  it('does not judge the paragraph that introduces the list', () => {
    expect(run(kpisMeasurable, md('# T', '', '## KPIs', '', 'We will report these:', '', '- 300 monthly users by June 2027'))).toEqual([])
  })

  it('warns at the document start without a KPI section', () => {
    expect(run(kpisMeasurable, md('# T', '', '## Team', '', 'Ada.'))[0]).toMatchObject({ line: 1 })
  })
})

describe('the content rules on the complete example pitch', () => {
  it('find nothing', () => {
    const input = fixtureInput(join(FIXTURES, 'good-pitch.md'))
    expect(lint(input, CONTENT_RULES).findings).toEqual([])
  })
})
