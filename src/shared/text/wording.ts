/**
 * How Grant Desk writes numbers, counts and sizes in its sentences, everywhere: the main
 * process's messages, the renderer, the CLI and the review copy all call this module, so
 * "10,000 grants" and "8.4 MB" read the same wherever they appear. Built on the platform's Intl
 * (NumberFormat, PluralRules) rather than hand-made string rules.
 *
 * The app's sentences are English, and a count is part of the sentence's grammar ("1 reply",
 * "2 replies"), so counts are written in the sentences' locale (`WORDING_LOCALE`). Dates and
 * times are not: they are the reader's own, in the reader's locale and zone (dates.ts).
 */

export const WORDING_LOCALE = 'en-GB'

let formats: { number: Intl.NumberFormat; oneDecimal: Intl.NumberFormat; plurals: Intl.PluralRules } | undefined

/**
 * The formats, made at their first use rather than when this module loads: the first number
 * format of a process starts ICU (20 to 40 ms), and a thread that imports this module for a
 * message it seldom writes (the review gate's reader thread, src/cli/read-ahead) need not wait for it.
 */
function intl(): NonNullable<typeof formats> {
  formats ??= {
    number: new Intl.NumberFormat(WORDING_LOCALE),
    oneDecimal: new Intl.NumberFormat(WORDING_LOCALE, { maximumFractionDigits: 1 }),
    plurals: new Intl.PluralRules(WORDING_LOCALE),
  }
  return formats
}

/** "10,000". */
export function count(n: number): string {
  return intl().number.format(n)
}

/**
 * "1 day", "3 hours", "10,000 grants"; `pluralWord` for a word that is not plural with an s
 * ("1 reply", "2 replies"); `zero` for the word that stands for none ("no open threads").
 */
export function plural(n: number, word: string, options: { pluralWord?: string; zero?: string } = {}): string {
  if (n === 0 && options.zero !== undefined) return `${options.zero} ${options.pluralWord ?? `${word}s`}`
  return `${count(n)} ${intl().plurals.select(n) === 'one' ? word : (options.pluralWord ?? `${word}s`)}`
}

/** "50 MB", "8.4 MB", "120 KB", "512 bytes": a size as an applicant reads it. */
export function fileSize(bytes: number): string {
  const mb = bytes / 1024 / 1024
  if (mb >= 10) return `${count(Math.round(mb))} MB`
  if (mb >= 1) return `${intl().oneDecimal.format(mb)} MB`
  if (bytes >= 1024) return `${count(Math.round(bytes / 1024))} KB`
  return plural(bytes, 'byte')
}
