/** Reminder times as applicants write them in Settings, to minutes and back. */
import { describe, expect, it } from 'vitest'
import { describeOffset, describeOffsets, parseOffsets } from '../../../src/shared/text'

describe('reminder times', () => {
  it('reads days, hours and minutes, comma-separated, in any common spelling', () => {
    expect(parseOffsets('3 days, 1 day, 3 hours')).toEqual({ minutes: [4320, 1440, 180] })
    expect(parseOffsets('2d; 6h, 90 min, 1 hour 30 minutes')).toEqual({ minutes: [2880, 360, 90, 90] })
    expect(parseOffsets('  ')).toEqual({ minutes: [] })
  })

  it('says which part it cannot read and how to write it', () => {
    expect(parseOffsets('3 days, soon')).toEqual({ problem: '“soon” is not a time: write it like “3 days”, “1 day” or “3 hours”, separated by commas.' })
    expect(parseOffsets('2 weeks')).toEqual({ problem: '“weeks” in “2 weeks” is not a unit: use days, hours or minutes.' })
    expect(parseOffsets('3')).toMatchObject({ problem: expect.stringContaining('“3” is not a time') })
  })

  it('names them as the applicant would, longest first', () => {
    expect(describeOffset(1440)).toBe('1 day')
    expect(describeOffset(180)).toBe('3 hours')
    expect(describeOffset(90)).toBe('90 minutes')
    expect(describeOffsets([180, 4320, 1440])).toBe('3 days, 1 day, 3 hours')
    const { minutes } = parseOffsets(describeOffsets([4320, 1440, 180, 45])) as { minutes: number[] }
    expect(minutes).toEqual([4320, 1440, 180, 45])
  })
})
