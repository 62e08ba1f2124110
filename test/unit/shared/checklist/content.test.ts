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
  isWhyEcosystemHeading,
  priorProjectLinked,
  problemQuantified,
  programPriorities,
  quantifiesProblem,
  refersToProgramPriorities,
  problemStatement,
  soloScope,
  teamLinks,
  teamPriorWork,
  techStack,
} from '../../../../src/shared/checklist/rules/content'
import { parsePitch } from '../../../../src/shared/checklist/parse'
import { findSection } from '../../../../src/shared/checklist/topics'
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
    expect(
      run(problemStatement, md('# Devnet', '', 'Lumen developers wait 20 minutes for test tokens.', '', '## Technical solution', '', 'A Rust CLI.')),
    ).toEqual([])
  })

  it('points at the heading of a problem section with only the template hint', () => {
    const findings = run(
      problemStatement,
      md('# Devnet', '', '## Problem statement', '<!-- One sentence: who has what problem. -->', '', '## Team', '', 'Ada.'),
    )
    expect(findings).toHaveLength(1)
    expect(findings[0]!.line).toBe(3)
    expect(findings[0]!.message).toContain('“Problem statement” has no paragraph')
  })

  it('skips the hint comment and judges the first sentence only', () => {
    const pitch = md(
      '# Devnet',
      '',
      '## Problem statement',
      '<!-- One sentence. -->',
      '',
      'Lumen developers wait 20 minutes for a funded test account. ' + 'Details follow here at length. '.repeat(20),
    )
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
    const pitch = md(
      '# Devnet',
      '',
      '## Problem statement',
      '<!-- Say how many of them (a number), e.g. 3 teams. -->',
      '',
      'Since 2024 the v2 faucet is often empty and developers give up.',
    )
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

  it('does not count names with digits or idioms with “one” as quantities', () => {
    for (const text of [
      'Building on web3 is hard for developers.',
      'Every L2 and Layer 2 makes bridging harder.',
      'ERC-20 and EIP-1559 tokens confuse users, and ERC 721 too.',
      'Interoperability is one of the biggest problems in the space.',
      'No one maintains a one-stop tool for it.',
      'Web 3.0 tooling is fragmented since 2024 and v2.',
    ]) {
      expect(quantifiesProblem(text), text).toBe(false)
    }
    const findings = run(
      problemQuantified,
      md('# T', '', '## Problem statement', '', 'Building on web3 is hard. Interoperability is one of the biggest problems in the L2 space.'),
    )
    expect(findings).toHaveLength(1)
    expect(findings[0]!.line).toBe(3)
  })

  it('still counts a real number, a percentage, an amount or a number word with a noun', () => {
    for (const text of [
      '3 teams gave up.',
      'Teams lose $4,000 a month.',
      '58% of respondents',
      'thousands of developers wait',
      'three wallets broke',
      'one in five deploys fails',
      'It takes 3–4 weeks on web3.',
    ]) {
      expect(quantifiesProblem(text), text).toBe(true)
    }
  })
})

describe('tech-stack', () => {
  it('is only an info, not a warning, when no known technology is named', () => {
    const findings = run(techStack, md('# Devnet', '', '## Technical solution', '', 'We write it in Gleam with our own framework.'))
    expect(findings).toHaveLength(1)
    expect(findings[0]).toMatchObject({ severity: 'info', line: 3 })
    expect(findings[0]!.message).toContain("if you named one we don't know, ignore this")
  })

  // Severity policy (README): a section the program's template may not ask for is a note.
  it('notes at the document start when there is no solution section', () => {
    expect(run(techStack, md('# Devnet', '', '## Problem', '', 'Slow.'))[0]).toMatchObject({ severity: 'info', line: 1 })
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
    for (const text of [
      'We chose Lumen because its runtime is embeddable.',
      'Unlike other chains, Lumen has native accounts.',
      'Lumen is the only chain that offers tracing.',
    ]) {
      expect(run(ecosystemWhy, md('# T', '', '## Ecosystem alignment', '', text))).toEqual([])
    }
  })

  it('accepts a “Why Lumen?” subsection with content', () => {
    expect(run(ecosystemWhy, md('# T', '', '## Ecosystem alignment', '', 'It fits Round 7.', '', '### Why Lumen?', '', 'Its runtime is embeddable.'))).toEqual(
      [],
    )
  })

  it('does not take the template’s hint for an answer', () => {
    const findings = run(
      ecosystemWhy,
      md('# T', '', '## Ecosystem alignment', '<!-- Which focus area this serves and why no one else funds it. -->', '', 'It fits Round 7.'),
    )
    expect(findings).toHaveLength(1)
    expect(findings[0]!.line).toBe(3)
    expect(findings[0]!.message).toContain('does not say why this ecosystem specifically')
  })

  it('warns at the document start when there is no ecosystem section', () => {
    expect(run(ecosystemWhy, md('# T', '', '## Team', '', 'Ada.'))[0]).toMatchObject({ line: 1 })
  })

  it('does not take a generic reason (“a great community”) for a specific one, and quotes it', () => {
    for (const text of [
      'We chose Arcadia because it has a great community and fast transactions.',
      'We chose Arcadia because we love the community.',
      'We chose Arcadia for its great community.',
    ]) {
      const findings = run(ecosystemWhy, md('# T', '', '## Ecosystem alignment', '', text))
      expect(findings, text).toHaveLength(1)
      expect(findings[0]!.line).toBe(3)
      expect(findings[0]!.message).toContain('gives no reason specific to this ecosystem')
      expect(findings[0]!.message).toContain(text.slice(0, 30))
    }
  })

  it('accepts a named feature, a capability, a user base, the program’s priority or a comparison', () => {
    for (const text of [
      'We build on Arcadia specifically because its identity standard gives every account a portable profile.',
      'We chose Arcadia because its `AccountModule` precompile signs without pop-ups.',
      'We chose Arcadia because its 400 live dApps need this today.',
      'We chose Arcadia because session keys are the program’s stated priority.',
      'We chose Arcadia because its fees are lower than on other chains.',
      'Arcadia is the only chain whose deployments are driven by a declarative manifest.',
    ]) {
      expect(run(ecosystemWhy, md('# T', '', '## Ecosystem alignment', '', text)), text).toEqual([])
    }
  })

  it('counts a “Why …” heading only when it names the ecosystem, and still wants a concrete reason in it', () => {
    expect(isWhyEcosystemHeading('Why Arcadia?')).toBe(true)
    expect(isWhyEcosystemHeading('Why build on Lumen')).toBe(true)
    expect(isWhyEcosystemHeading('Why this ecosystem')).toBe(true)
    expect(isWhyEcosystemHeading('Why this chain?')).toBe(true)
    expect(isWhyEcosystemHeading('Why now')).toBe(false)
    expect(isWhyEcosystemHeading('Why Now?')).toBe(false)
    expect(isWhyEcosystemHeading('Why us')).toBe(false)
    expect(isWhyEcosystemHeading('Why this matters')).toBe(false)
    const whyNow = md(
      '# T',
      '',
      '## Why now',
      '',
      'Cross-chain usage tripled in 2026.',
      '',
      '## Ecosystem alignment',
      '',
      'We chose Arcadia for its great community.',
    )
    expect(run(ecosystemWhy, whyNow).map((f) => f.line)).toEqual([7])
    expect(run(ecosystemWhy, md('# T', '', '## Why Lumen', '', 'Lumen is the only network whose contract specs are stored on-chain.'))).toEqual([])
    const vague = run(ecosystemWhy, md('# T', '', '## Why Lumen', '', 'We love the Lumen community.'))
    expect(vague).toHaveLength(1)
    expect(vague[0]!.line).toBe(3)
  })
})

describe('ecosystem-multiplier', () => {
  it('accepts other teams reusing the work in the ecosystem section', () => {
    expect(run(ecosystemMultiplier, md('# T', '', '## Ecosystem alignment', '', 'Other teams can reuse the decoder.'))).toEqual([])
  })

  it('finds a clear “other projects” sentence anywhere in the pitch', () => {
    expect(run(ecosystemMultiplier, md('# T', '', '## KPIs', '', '- 20 other projects integrate the SDK by June 2027'))).toEqual([])
  })

  it('accepts “build … on” and “build … on top of” with words between, within one sentence', () => {
    for (const text of [
      'Other developers can build explorers and alerting bots on it instead of writing their own decoder.',
      'Other developers can build clients and bots on our open social graph.',
      'Other developers can build payroll apps, vesting dashboards and grant tools on top of the factory and subgraph.',
    ]) {
      expect(run(ecosystemMultiplier, md('# T', '', '## Ecosystem alignment', '', text)), text).toEqual([])
    }
    // “build” and “on” in different sentences are no claim about others building on the work.
    const split = run(ecosystemMultiplier, md('# T', '', '## Ecosystem alignment', '', 'Other developers build wallets. The SDK runs on Lumen.'))
    expect(split).toHaveLength(1)
  })

  it('does not count a mere mention of developers outside the ecosystem and solution sections', () => {
    const findings = run(
      ecosystemMultiplier,
      md('# T', '', '## Problem', '', 'Developers use raw traces today.', '', '## Ecosystem alignment', '', 'It fits Round 7.'),
    )
    expect(findings).toHaveLength(1)
    expect(findings[0]!.line).toBe(7)
  })
})

describe('team-links', () => {
  it('reports each person without a link, at their line and by name', () => {
    const pitch = md(
      '# T',
      '',
      '## Team',
      '',
      '- **Ada Okafor**, lead: [GitHub](https://github.com/ada)',
      '- **Tomás Reyes**, Rust engineer',
      '- Mei (github.com/mei), design',
    )
    const findings = run(teamLinks, pitch)
    expect(findings).toHaveLength(1)
    expect(findings[0]!.line).toBe(6)
    expect(findings[0]!.message).toContain('“Tomás Reyes”')
  })

  it('does not take a list of prior grants for a list of people', () => {
    const pitch = md(
      '# T',
      '',
      '## Team',
      '',
      'Ada Okafor ([GitHub](https://github.com/ada)).',
      '',
      'Prior grants:',
      '',
      '- Lumen Builders Fund 2025, delivered',
    )
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
    const pitch = md(
      '# T',
      '',
      '## Team',
      '',
      'Ada Okafor.',
      '',
      '## Track record',
      '',
      'Shipped the Lumen faucet; a 2025 grant completed with its final report.',
    )
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

  it('detects a solo applicant from a prose team section written as “I”, naming no one else', () => {
    const prose =
      "I'm Rafael ([GitHub](https://github.com/rafa-arc), [X](https://x.com/rafa_arc)), a full-stack developer. I built [tipjar](https://github.com/rafa-arc/tipjar). This is my first grant."
    const findings = run(soloScope, pitchWith(prose))
    expect(findings).toHaveLength(1)
    expect(findings[0]!.line).toBe(3)
    // A second person's profile, or “we”, makes it a team.
    expect(
      run(soloScope, pitchWith('I lead the work ([GitHub](https://github.com/rafa)); Mei builds the front end ([GitHub](https://github.com/mei)).')),
    ).toEqual([])
    expect(run(soloScope, pitchWith("I'm Rafael and we are two engineers."))).toEqual([])
  })

  it('does not take past work alone (“I have built many apps”) for a justification', () => {
    const findings = run(
      soloScope,
      pitchWith('- **Chris Doe** — sole developer. [GitHub](https://github.com/chrisdoe). I have built many web3 apps over the years.'),
    )
    expect(findings).toHaveLength(1)
  })

  it('accepts a time commitment or a scope argument', () => {
    for (const team of [
      'I am the sole developer and can commit 20 hours a week.',
      'I am the sole developer, working part-time on it.',
      'I am applying alone because the scope fits one person: an LSP server of this size.',
      'I am the sole developer; one person can deliver a CLI of this size.',
      'I am the sole developer and shipped a comparable server alone in 2024.',
    ]) {
      expect(run(soloScope, pitchWith(team)), team).toEqual([])
    }
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
    const findings = run(priorProjectLinked, team('Ada: https://github.com/devnet/devnet'), {
      fields: { github_repository: 'https://github.com/devnet/devnet' },
    })
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
    expect(findings[0]!.message).toBe('“Grow the community” is not measurable: it has no number with a unit, no percentage and no date.')
  })

  it('accepts a number with a unit, a percentage or a date', () => {
    for (const kpi of [
      '1,000 weekly npm downloads',
      '90% of issues answered',
      'Mainnet launch by June 2027',
      'Audit done in Q3 2027',
      'p95 latency under 200 ms',
      '$5k TVL',
    ]) {
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

  it('accepts a date relative to the project as the time bound', () => {
    for (const kpi of [
      'Paper on ePrint and ARC proposal accepted as draft by month 6',
      'Audit report published in week 12',
      'Mainnet release within 3 months of launch',
      'Plugin listed within 8 weeks',
      'Public beta 6 weeks after release',
    ]) {
      expect(isMeasurable(kpi), kpi).toBe(true)
    }
    expect(isMeasurable('Become the leading tool by month end')).toBe(false)
  })

  it('quotes up to about 80 characters, cut at a word boundary', () => {
    const kpi = 'Paper on IACR ePrint and improvement proposal accepted as a draft by the Arcadia community council eventually'
    const findings = run(kpisMeasurable, md('# T', '', '## KPIs', '', `- ${kpi}`))
    expect(findings).toHaveLength(1)
    const quoted = /^“(.*)” is not measurable/.exec(findings[0]!.message)![1]!
    expect(quoted.length).toBeLessThanOrEqual(80)
    expect(quoted.endsWith('…')).toBe(true)
    expect(kpi.startsWith(quoted.slice(0, -1))).toBe(true)
    expect(kpi[quoted.length - 1]).toBe(' ')
    expect(quoted).toContain('accepted as a draft')
  })

  it('does not judge the paragraph that introduces the list', () => {
    expect(run(kpisMeasurable, md('# T', '', '## KPIs', '', 'We will report these:', '', '- 300 monthly users by June 2027'))).toEqual([])
  })

  it('warns at the document start without a KPI section', () => {
    expect(run(kpisMeasurable, md('# T', '', '## Team', '', 'Ada.'))[0]).toMatchObject({ line: 1 })
  })
})

describe('program-priorities', () => {
  it('accepts a reference to the program’s, fund’s or round’s stated priority, focus area or RFP', () => {
    for (const text of [
      'Tracekit answers the program\'s stated priority "debugging and observability".',
      'It fits the Round 7 priority “developer tooling”.',
      'The fund lists "DAO tooling" as a 2027 priority.',
      'ArcSocial matches the fund’s priority “consumer applications”.',
      'This proposal answers RFP-12 on indexing.',
      'It serves the focus area “wallets and onboarding”.',
    ]) {
      expect(refersToProgramPriorities(text), text).toBe(true)
    }
  })

  it('does not take the applicant’s own priorities for the program’s', () => {
    for (const text of [
      'Security is our top priority for the grant.',
      'We focus on the Lumen ecosystem.',
      'The dashboard tracks grants.',
      'Our mission is to grow the ecosystem.',
    ]) {
      expect(refersToProgramPriorities(text), text).toBe(false)
    }
  })

  it('warns at the ecosystem heading, or at the document start without one', () => {
    const findings = run(
      programPriorities,
      md('# T', '', '## Problem', '', 'Slow.', '', '## Ecosystem alignment', '', 'We build on Lumen because its runtime is embeddable.'),
    )
    expect(findings).toHaveLength(1)
    // Severity policy (README): it fired on ~90% of accepted and rejected real proposals alike: info.
    expect(findings[0]).toMatchObject({ line: 7, severity: 'info' })
    expect(findings[0]!.hint).toContain('stated priority')
    expect(run(programPriorities, md('# T', '', '## Problem', '', 'Slow.'))[0]).toMatchObject({ line: 1, column: 1 })
    expect(run(programPriorities, md('# T', '', '## Why Lumen', '', 'Its runtime is embeddable.'))[0]).toMatchObject({ line: 3 })
  })

  it('finds the reference anywhere in the pitch or in the form', () => {
    expect(run(programPriorities, md('# T', '', '## Problem', '', 'Slow. This answers Round 7’s priority “tooling”.'))).toEqual([])
    expect(run(programPriorities, md('# T', '', '## Problem', '', 'Slow.'), { fields: { innovation: 'It fits the program’s focus areas.' } })).toEqual([])
  })

  it('does not take the template’s hint comment for a reference', () => {
    expect(
      run(programPriorities, md('# T', '', '## Ecosystem alignment', '<!-- Which of the program’s priorities this serves. -->', '', 'Lumen.')),
    ).toHaveLength(1)
  })
})

describe('section names', () => {
  const topicOf = (title: string, topic: 'deliverables' | 'kpis' | 'solution') => findSection(parsePitch(`# T\n\n## ${title}\n\nText.`), topic)?.title
  it.each([
    ['What we will deliver', 'deliverables'],
    ['Delivered artifacts', 'deliverables'],
    ['Goals', 'kpis'],
    ['Objectives', 'kpis'],
    ['Expected Outcomes', 'kpis'],
    ['Outcomes', 'kpis'],
    ['Success metrics', 'kpis'],
    ["How we'll solve it", 'solution'],
    ['How it works', 'solution'],
    ['Our approach', 'solution'],
  ] as const)('reads “%s” as %s', (title, topic) => {
    expect(topicOf(title, topic)).toBe(title)
  })
})

describe('the content rules on the complete example pitch', () => {
  it('find nothing', () => {
    const input = fixtureInput(join(FIXTURES, 'good-pitch.md'))
    expect(lint(input, CONTENT_RULES).findings).toEqual([])
  })
})
