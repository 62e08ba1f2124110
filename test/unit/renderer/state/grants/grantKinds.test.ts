// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { avatarTint, grantKind, sponsorInitials } from '../../../../../src/renderer/src/state/grants/grantKinds'

describe('grantKind', () => {
  const bounties = new Set(['22222222-2222-4222-8222-222222222222'])
  it('takes the list filter when it has one, else looks the id up in the bounty list, any case', () => {
    expect(grantKind('11111111-1111-4111-8111-111111111111', 'bounty', null)).toBe('bounty')
    expect(grantKind('11111111-1111-4111-8111-111111111111', 'all', bounties)).toBe('grant')
    expect(grantKind('22222222-2222-4222-8222-222222222222'.toUpperCase(), 'all', bounties)).toBe('bounty')
  })
  it('says nothing rather than guess while the bounty list is unknown', () => {
    expect(grantKind('11111111-1111-4111-8111-111111111111', 'all', null)).toBeNull()
  })
})

describe('sponsorInitials', () => {
  it('takes the first letters of two words, or two letters of one word, in capitals', () => {
    expect(sponsorInitials('Acme Foundation')).toBe('AF')
    expect(sponsorInitials('cipher labs and friends')).toBe('CL')
    expect(sponsorInitials('Polar')).toBe('PO')
    expect(sponsorInitials('  Étoile — Réseau ')).toBe('ÉR')
    expect(sponsorInitials('***')).toBe('?')
  })
})

describe('avatarTint', () => {
  it('gives a sponsor the same tint every time, one of six, whatever the case or spaces', () => {
    expect(avatarTint('Acme Foundation')).toBe(avatarTint(' acme foundation '))
    const tints = ['Acme', 'Cipher Labs', 'Meetup Org', 'Polar', 'Meridian', 'OpenRollup', 'Zeta'].map(avatarTint)
    expect(tints.every((tint) => Number.isInteger(tint) && tint >= 0 && tint < 6)).toBe(true)
    expect(new Set(tints).size).toBeGreaterThan(2)
  })
})
