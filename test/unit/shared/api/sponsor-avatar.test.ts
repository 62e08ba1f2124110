import { describe, expect, it } from 'vitest'
import { avatarTint, sponsorInitials } from '../../../../src/shared/api/sponsor-avatar'

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
