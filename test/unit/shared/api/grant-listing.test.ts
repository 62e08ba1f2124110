// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import type { GrantSummary } from '../../../../src/shared/api'
import { isClosed } from '../../../../src/shared/api/grant-deadline'
import { matchesQuery, parseRewardAmount, sortGrants, visibleGrants } from '../../../../src/shared/api/grant-listing'

const NOW = Date.parse('2026-11-21T12:00:00Z')
const DAY = 86_400_000
const inDays = (days: number) => new Date(NOW + days * DAY).toISOString()

let counter = 0
function grant(overrides: Partial<GrantSummary>): GrantSummary {
  counter += 1
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    title: `Grant ${counter}`,
    sponsor: 'Sponsor',
    reward: '1,000 USDC',
    deadline: inDays(30),
    status: 'open',
    track: 'Tooling',
    ...overrides,
  }
}

const titles = (items: GrantSummary[]) => items.map((g) => g.title)

describe('parseRewardAmount', () => {
  it.each([
    ['10,000 USDC', 10_000],
    ['$5k', 5_000],
    ['$1.5K in credits', 1_500],
    ['1.2M USDC', 1_200_000],
    ['3 million DAI', 3_000_000],
    ['Up to 50,000 USD', 50_000],
    ['5,000–20,000 USDC', 20_000],
    ['$1,000 - $5,000', 5_000],
    ['10k-50k', 50_000],
    ['25 000 DAI', 25_000],
    ['USDC 7500', 7_500],
    ['0.5 ETH', 0.5],
    ['2 ETH', 2],
    ['5 MATIC', 5],
    ['1st place 3,000 USDC', 3_000],
  ])('%s → %d', (text, amount) => {
    expect(parseRewardAmount(text)).toBe(amount)
  })

  it.each(['TBD', 'Swag', '', 'Negotiable', 'Kudos and a T-shirt'])('%j has no amount', (text) => {
    expect(parseRewardAmount(text)).toBeNull()
  })
})

describe('matchesQuery', () => {
  const g = grant({ title: 'Zero-knowledge Tooling Fund', sponsor: 'Acme Foundation', track: 'Infrastructure', reward: '40,000 USDC' })

  it('matches any field, ignoring case', () => {
    expect(matchesQuery(g, 'zero-KNOWLEDGE')).toBe(true)
    expect(matchesQuery(g, 'acme')).toBe(true)
    expect(matchesQuery(g, 'infra')).toBe(true)
    expect(matchesQuery(g, 'usdc')).toBe(true)
    expect(matchesQuery(g, '40,000')).toBe(true)
    expect(matchesQuery(g, 'bounty')).toBe(false)
  })

  it('needs every word, each anywhere', () => {
    expect(matchesQuery(g, '  acme   usdc ')).toBe(true)
    expect(matchesQuery(g, 'fund infrastructure')).toBe(true)
    expect(matchesQuery(g, 'acme dai')).toBe(false)
  })

  it('matches everything with an empty query', () => {
    expect(matchesQuery(g, '')).toBe(true)
    expect(matchesQuery(g, '   ')).toBe(true)
  })
})

describe('sortGrants', () => {
  it('deadline: open soonest first, then closed and passed ones after them', () => {
    const items = [
      grant({ title: 'Later', deadline: inDays(20) }),
      grant({ title: 'Closed early by sponsor', deadline: inDays(5), status: 'closed' }),
      grant({ title: 'Soon', deadline: inDays(1) }),
      grant({ title: 'Passed', deadline: inDays(-2) }),
      grant({ title: 'Middle', deadline: inDays(10) }),
    ]
    const sorted = sortGrants(items, 'deadline', NOW)
    expect(titles(sorted)).toEqual(['Soon', 'Middle', 'Later', 'Closed early by sponsor', 'Passed'])
    expect(sorted.slice(3).every((g) => isClosed(g.deadline, NOW, g.status))).toBe(true)
  })

  it('reward: highest first, rewards without a number last', () => {
    const items = [
      grant({ title: 'Swag', reward: 'Swag' }),
      grant({ title: 'Small', reward: '$500' }),
      grant({ title: 'Range', reward: '5,000–20,000 USDC' }),
      grant({ title: 'Big', reward: '1.2M USDC' }),
      grant({ title: 'Unknown', reward: 'TBD' }),
    ]
    expect(titles(sortGrants(items, 'reward', NOW))).toEqual(['Big', 'Range', 'Small', 'Swag', 'Unknown'])
  })

  it('title: A to Z regardless of case, numbers in numeric order', () => {
    const items = [grant({ title: 'beta' }), grant({ title: 'Grant 10' }), grant({ title: 'Alpha' }), grant({ title: 'Grant 9' })]
    expect(titles(sortGrants(items, 'title', NOW))).toEqual(['Alpha', 'beta', 'Grant 9', 'Grant 10'])
  })

  it('breaks ties by title, whatever order the service sent', () => {
    const deadline = inDays(7)
    const items = [
      grant({ title: 'Cedar', deadline, reward: '1k' }),
      grant({ title: 'Aspen', deadline, reward: '1,000' }),
      grant({ title: 'Birch', deadline, reward: '$1000' }),
    ]
    for (const sort of ['deadline', 'reward'] as const) {
      expect(titles(sortGrants(items, sort, NOW))).toEqual(['Aspen', 'Birch', 'Cedar'])
      expect(titles(sortGrants([...items].reverse(), sort, NOW))).toEqual(['Aspen', 'Birch', 'Cedar'])
    }
  })

  it('returns a new array and leaves the input alone', () => {
    const items = [grant({ title: 'B' }), grant({ title: 'A' })]
    const sorted = sortGrants(items, 'title', NOW)
    expect(sorted).not.toBe(items)
    expect(titles(items)).toEqual(['B', 'A'])
  })
})

describe('visibleGrants', () => {
  it('filters by the search, then sorts', () => {
    const items = [
      grant({ title: 'Rust tooling', reward: '5,000 USDC', sponsor: 'Acme' }),
      grant({ title: 'Docs bounty', reward: '500 USDC', sponsor: 'Acme' }),
      grant({ title: 'Research', reward: '90,000 USDC', sponsor: 'Other' }),
    ]
    expect(titles(visibleGrants(items, 'acme', 'reward', NOW))).toEqual(['Rust tooling', 'Docs bounty'])
    expect(titles(visibleGrants(items, '', 'reward', NOW))).toEqual(['Research', 'Rust tooling', 'Docs bounty'])
    expect(visibleGrants(items, 'nothing like this', 'title', NOW)).toEqual([])
  })
})
