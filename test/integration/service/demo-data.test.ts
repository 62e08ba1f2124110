import { describe, expect, it } from 'vitest'
import { DAY } from '../../support/service'
import { DEMO_USERS, demoFixture } from '../../../src/service/demo-data'
import { Fixture } from '../../../src/service/fixture'

const now = Date.parse('2026-11-21T12:00:00Z')
const { grants, users } = Fixture.parse(demoFixture(new Date(now)))
const closed = grants.filter((g) => g.status === 'closed' || Date.parse(g.deadline) <= now)
const open = grants.filter((g) => !closed.includes(g))

describe('demo data', () => {
  it('has at least 12 grants and bounties from several sponsors and tracks', () => {
    expect(grants.length).toBeGreaterThanOrEqual(12)
    expect(grants.some((g) => g.type === 'grant')).toBe(true)
    expect(grants.some((g) => g.type === 'bounty')).toBe(true)
    expect(new Set(grants.map((g) => g.sponsor)).size).toBeGreaterThanOrEqual(4)
    expect(new Set(grants.map((g) => g.track)).size).toBeGreaterThanOrEqual(4)
  })

  it('has open and closed grants, deadlines relative to now, some closing within 3 days', () => {
    expect(open.length).toBeGreaterThan(0)
    expect(closed.length).toBeGreaterThan(0)
    expect(grants.some((g) => g.status === 'open' && Date.parse(g.deadline) < now)).toBe(true)
    const soon = open.filter((g) => Date.parse(g.deadline) - now <= 3 * DAY)
    expect(soon.length).toBeGreaterThanOrEqual(2)
    const later = Fixture.parse(demoFixture(new Date(now + 7 * DAY))).grants
    expect(Date.parse(later[0]!.deadline) - Date.parse(grants[0]!.deadline)).toBe(7 * DAY)
  })

  it('has stable ids, so a restart upserts rather than duplicates', () => {
    const again = Fixture.parse(demoFixture(new Date(now + DAY))).grants
    expect(again.map((g) => g.id)).toEqual(grants.map((g) => g.id))
  })

  it('has rewards with an amount and a currency', () => {
    for (const grant of grants) expect(grant.reward, grant.title).toMatch(/\d[\d,]*.*\b(USDC|USD|DAI|ARC)\b|\$\d/)
  })

  it('has url, textarea and other field types, and free-form grants', () => {
    const types = new Set(grants.flatMap((g) => g.application_schema ?? []).map((f) => f.type))
    expect(types).toContain('url')
    expect(types).toContain('textarea')
    expect([...types].filter((t) => t !== 'url' && t !== 'textarea').length).toBeGreaterThanOrEqual(1)
    expect(grants.some((g) => g.application_schema === null)).toBe(true)
  })

  it('has a template per grant with the sections the guidance asks for', () => {
    for (const grant of grants.filter((g) => g.type === 'grant')) {
      for (const section of ['Problem', 'Milestones', 'Budget', 'Team', 'KPIs', 'Timeline']) {
        expect(grant.template_md, `${grant.title}: ${section}`).toMatch(new RegExp(`^## .*${section}`, 'mi'))
      }
    }
    for (const grant of grants) expect(grant.template_md, grant.title).toMatch(/^## /m)
    expect(new Set(grants.map((g) => g.template_md)).size).toBe(grants.length)
  })

  it('has two demo users who are in the fixture', () => {
    expect(DEMO_USERS).toHaveLength(2)
    expect(users.map((u) => u.email)).toEqual(DEMO_USERS.map((u) => u.email))
  })
})
