/**
 * Every web link of a pitch and its fields, with where it sits and what it points to, for the
 * link check (issue 33): the CLI and the core ask exactly these, and the checklist reports a
 * dead one at its place, named as the applicant would name it ("ada-l’s profile"). Pure.
 */
import { findUrls } from '../text'
import { BARE_CODE_LINK, linkKind } from '../rules/content/links'
import type { Position } from '../types'

export interface LinkPlace extends Position {
  /** The link as written (a bare `github.com/…` gets `https://`), the key of LinkCheck.results. */
  url: string
  /** The form field it is in; absent: it is in the pitch, at the position. */
  field?: string | undefined
  /** What the link is, for "the link to … answers 404": its Markdown text, or what the address shows. */
  label: string
}

/** Fenced code is an example, not a link a reviewer opens. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/

/** At most this many links are asked per draft: beyond it a pitch is a link list, not evidence. */
export const MAX_LINKS = 500

/** The links of one text, line by line (`firstLine` is the number of its first line). */
function placesIn(text: string, firstLine: number, field?: string): LinkPlace[] {
  const places: LinkPlace[] = []
  let fence: string | null = null
  text.split('\n').forEach((line, i) => {
    const open = FENCE.exec(line)?.[1]
    if (open && (fence === null || open.startsWith(fence))) {
      fence = fence === null ? open : null
      return
    }
    if (fence !== null) return
    const found = findUrls(line).map(({ url, index }) => ({ url, index, written: url.length }))
    for (const m of line.matchAll(BARE_CODE_LINK)) found.push({ url: `https://${m[0]}`, index: m.index ?? 0, written: m[0].length })
    for (const { url, index, written } of found) {
      places.push({
        url,
        ...(field !== undefined ? { field } : {}),
        label: labelOf(line, index, url),
        line: firstLine + i,
        column: index + 1,
        endLine: firstLine + i,
        endColumn: index + 1 + written,
      })
    }
  })
  return places
}

/** The links of the pitch (at their lines) and of every field (by field name), at most MAX_LINKS. */
export function linkPlaces(pitch: string, fields: Readonly<Record<string, string>> = {}): LinkPlace[] {
  const places = placesIn(pitch, 1)
  for (const [name, value] of Object.entries(fields)) places.push(...placesIn(value, 1, name))
  return places.slice(0, MAX_LINKS)
}

/** The distinct links to ask, in the order they are written. */
export function linksToCheck(pitch: string, fields: Readonly<Record<string, string>> = {}): string[] {
  return [...new Set(linkPlaces(pitch, fields).map((place) => place.url))]
}

/**
 * `[ada-l’s profile](https://…)` is "ada-l’s profile"; otherwise what the address points to: a
 * profile by its handle ("ada-l’s profile"), a repository by owner/name, anything else by host
 * and path.
 */
function labelOf(line: string, index: number, url: string): string {
  if (line.slice(index - 2, index) === '](') {
    const open = line.lastIndexOf('[', index - 2)
    const text =
      open === -1
        ? ''
        : line
            .slice(open + 1, index - 2)
            .replace(/[*_`]/g, '')
            .trim()
    if (text !== '' && !/^https?:\/\//i.test(text) && text.length <= 80) return text
  }
  const m = /^https?:\/\/(?:www\.)?([^/?#:]+)(?::\d+)?([^?#]*)/i.exec(url)
  if (!m) return url
  const host = m[1]!.toLowerCase()
  const segments = (m[2] ?? '').split('/').filter(Boolean)
  const kind = linkKind(url)
  const handle = segments[0] === 'in' && segments[1] ? segments[1] : segments[0]
  if (kind === 'profile' && handle) return `${handle.replace(/^@/, '')}’s profile`
  if (kind === 'repository' && segments.length >= 2) return `the repository ${segments[0]}/${segments[1]!.replace(/\.git$/, '')}`
  return segments.length === 0 ? host : `${host}/${segments.join('/')}`
}
