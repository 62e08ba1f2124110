/**
 * Reminder times as people write them, "3 days, 1 day, 3 hours", to and from minutes before a
 * deadline (the settings keep minutes). Shared by the core (notification and calendar texts) and
 * the Settings screen, so both name a time the same way.
 */
import { plural } from './wording'

const UNITS: [RegExp, number][] = [
  [/^(?:d|days?)$/, 24 * 60],
  [/^(?:h|hrs?|hours?)$/, 60],
  [/^(?:m|mins?|minutes?)$/, 1],
]

/** "3 days", "1 day", "3 hours", "90 minutes". */
export function describeOffset(minutes: number): string {
  if (minutes % (24 * 60) === 0) return plural(minutes / (24 * 60), 'day')
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour')
  return plural(minutes, 'minute')
}

/** Longest first, as a list: "3 days, 1 day, 3 hours". */
export function describeOffsets(minutes: readonly number[]): string {
  return [...minutes]
    .sort((a, b) => b - a)
    .map(describeOffset)
    .join(', ')
}

/**
 * Minutes from "3 days, 1 day, 3 hours" (also "2d 4h", "90 min", "1 hour 30 minutes" as one
 * time when written without a comma); the problem, in words, when a part cannot be read.
 */
export function parseOffsets(text: string): { minutes: number[] } | { problem: string } {
  const parts = text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
  const minutes: number[] = []
  for (const part of parts) {
    const tokens = [...part.toLowerCase().matchAll(/(\d+)\s*([a-z]+)/g)]
    const rest = part
      .toLowerCase()
      .replace(/(\d+)\s*([a-z]+)/g, '')
      .trim()
    if (tokens.length === 0 || rest !== '') return { problem: `“${part}” is not a time: write it like “3 days”, “1 day” or “3 hours”, separated by commas.` }
    let total = 0
    for (const [, count, unit] of tokens) {
      const factor = UNITS.find(([pattern]) => pattern.test(unit!))?.[1]
      if (factor === undefined) return { problem: `“${unit}” in “${part}” is not a unit: use days, hours or minutes.` }
      total += Number(count) * factor
    }
    minutes.push(total)
  }
  return { minutes }
}
