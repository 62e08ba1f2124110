/**
 * The checklist's side of the link check (issue 33), pure: which links a pitch has and where,
 * what each answer becomes (a warning, a note, nothing), the offline note, and that a dead link
 * counts for no evidence rule nor the score.
 */
import { describe, expect, it } from 'vitest'
import { lint } from '../../../../src/shared/checklist'
import { linkPlaces, linksToCheck } from '../../../../src/shared/checklist/links/extract'
import type { LinkCheck, LinkOutcome } from '../../../../src/shared/ipc'

const at = 1_800_000_000_000
const ok: LinkOutcome = { state: 'ok', status: 200, reason: 'answers 200', checkedAt: at }
const gone: LinkOutcome = { state: 'dead', status: 404, reason: 'answers 404', checkedAt: at }
const slow: LinkOutcome = { state: 'unsure', reason: 'did not answer within 10 s', checkedAt: at }

const PITCH = `# Faucet

See github.com/ada/faucet for the code.

\`\`\`
curl https://example.org/in-code-is-an-example
\`\`\`

## Team

- Ada Okafor, lead: [GitHub](https://github.com/ada-l). Built https://github.com/ada/lumen-explorer, used by 40 teams.
- Bo Chen: https://x.com/@bochen
`

describe('the links of a pitch', () => {
  it('lists each http(s) and bare code-host link with its line, column and name, leaving code blocks out', () => {
    const places = linkPlaces(PITCH, { site: 'Home: https://faucet.example/docs/start' })
    expect(places.map((p) => [p.url, p.line, p.column, p.label, p.field ?? null])).toEqual([
      ['https://github.com/ada/faucet', 3, 5, 'the repository ada/faucet', null],
      ['https://github.com/ada-l', 11, 30, 'GitHub', null],
      ['https://github.com/ada/lumen-explorer', 11, 63, 'the repository ada/lumen-explorer', null],
      ['https://x.com/@bochen', 12, 12, 'bochen’s profile', null],
      ['https://faucet.example/docs/start', 1, 7, 'faucet.example/docs/start', 'site'],
    ])
    expect(places[0]!.endColumn).toBe(5 + 'github.com/ada/faucet'.length)
    expect(linksToCheck(`${PITCH}\nAgain: https://github.com/ada-l`)).toHaveLength(4)
  })
})

describe('links-answer', () => {
  const check = (results: Record<string, LinkOutcome>, offline = false): LinkCheck => ({ offline, results })

  it('is silent without a check, and warns at a dead link, notes an unsure one, says nothing of a live one', () => {
    expect(lint({ pitch: PITCH }).findings.filter((f) => f.ruleId === 'links-answer')).toEqual([])
    const result = lint({
      pitch: PITCH,
      links: check({ 'https://github.com/ada/faucet': ok, 'https://github.com/ada-l': gone, 'https://x.com/@bochen': slow }),
    })
    const found = result.findings.filter((f) => f.ruleId === 'links-answer')
    expect(found.map((f) => [f.severity, f.line, f.column, f.message])).toEqual([
      ['warning', 11, 30, 'The link to GitHub answers 404 (https://github.com/ada-l).'],
      ['info', 12, 12, 'The link to bochen’s profile did not answer within 10 s (https://x.com/@bochen).'],
    ])
    expect(found[0]!.section).toBe('Team')
  })

  it('says the links were not checked when offline', () => {
    const found = lint({ pitch: PITCH, links: check({}, true) }).findings.filter((f) => f.ruleId === 'links-answer')
    expect(found.map((f) => [f.severity, f.message])).toEqual([['info', 'The links were not checked: there was no network.']])
    // No link, nothing to say.
    expect(lint({ pitch: '# Faucet\n\nNo links.\n', links: check({}, true) }).findings.filter((f) => f.ruleId === 'links-answer')).toEqual([])
  })

  it('counts a dead link for no evidence: the prior project, the team’s links and the score', () => {
    const before = lint({ pitch: PITCH })
    expect(before.findings.filter((f) => f.ruleId === 'prior-project-linked' || f.ruleId === 'team-links')).toEqual([])
    const dead = check({ 'https://github.com/ada-l': gone, 'https://github.com/ada/lumen-explorer': gone, 'https://x.com/@bochen': ok })
    const after = lint({ pitch: PITCH, links: dead })
    expect(after.findings.filter((f) => f.ruleId === 'prior-project-linked').map((f) => f.message)).toEqual([
      'No completed prior project is linked by a link that answers: the 2 links given are dead (see the links-answer findings).',
    ])
    expect(after.findings.filter((f) => f.ruleId === 'team-links').map((f) => f.message)).toEqual([
      'The team member “Ada Okafor” has no link (GitHub, GitLab, X, LinkedIn or a personal site).',
    ])
    const part = (r: typeof after, id: string) => r.score!.parts.find((p) => p.ruleId === id)!.points
    expect(part(after, 'prior-project')).toBe(0)
    expect(part(after, 'team-profiles')).toBeLessThan(part(before, 'team-profiles'))
    expect(part(after, 'code-links')).toBeLessThan(part(before, 'code-links'))
    expect(after.score!.score).toBeLessThan(before.score!.score)
    // Live answers change nothing.
    const live = check(Object.fromEntries(linksToCheck(PITCH).map((url) => [url, ok])))
    expect(lint({ pitch: PITCH, links: live }).score).toEqual(before.score)
  })
})
