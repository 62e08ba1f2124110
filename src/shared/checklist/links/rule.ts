/**
 * The `links-answer` rule: what the link check (LintInput.links) found, at each link. Silent
 * when no check was made: nothing is asked without `--check-links` or the app's "Check links".
 */
import type { LinkCheck } from '../../ipc'
import { DOCUMENT_START } from '../topics'
import type { Rule, RuleContext, RuleFinding } from '../types'
import { linkPlaces } from './extract'

/** The links a check found dead: the evidence rules count them as not linked (see `liveLinks`). */
export function deadLinks(links: LinkCheck | undefined): ReadonlySet<string> {
  if (!links) return new Set()
  return new Set(Object.entries(links.results).flatMap(([url, outcome]) => (outcome.state === 'dead' ? [url] : [])))
}

/** Links minus the dead ones. */
export function liveLinks(urls: readonly string[], dead: ReadonlySet<string>): string[] {
  return dead.size === 0 ? [...urls] : urls.filter((url) => !dead.has(url))
}

export const linksAnswer: Rule = {
  id: 'links-answer',
  title: 'Links answer',
  severity: 'warning',
  description:
    'Only with a link check (`grant-desk lint --check-links`, or “Check links” in the app): every http(s) link of the pitch and fields is asked. A 404 or 410, an unknown host or a refused connection is a warning at the link, and the link no longer counts as evidence (team links, a prior project, code); a timeout, a 5xx, a 429 or a dropped connection is a note. Offline, a note says the links were not checked.',
  check({ doc, fields, links }: RuleContext): RuleFinding[] {
    if (!links) return []
    const places = linkPlaces(doc.source, fields)
    if (links.offline) {
      if (places.length === 0) return []
      return [
        {
          ...DOCUMENT_START,
          severity: 'info',
          message: 'The links were not checked: there was no network.',
          hint: 'Check them again when you are online (“Check links”, or grant-desk lint --check-links).',
        },
      ]
    }
    const findings: RuleFinding[] = []
    for (const place of places) {
      const outcome = links.results[place.url]
      if (!outcome || outcome.state === 'ok') continue
      const where = place.field !== undefined ? ` in the field “${place.field}”` : ''
      findings.push({
        line: place.field !== undefined ? 1 : place.line,
        column: place.field !== undefined ? 1 : place.column,
        endLine: place.field !== undefined ? 1 : place.endLine,
        endColumn: place.field !== undefined ? 1 : place.endColumn,
        ...(place.field !== undefined ? { field: place.field } : {}),
        ...(outcome.state === 'unsure' ? { severity: 'info' as const } : {}),
        message: `The link to ${place.label}${where} ${outcome.reason} (${place.url}).`,
        hint:
          outcome.state === 'dead'
            ? 'Fix the address or link a page that exists: a reviewer opens it first, and a dead link does not count as evidence.'
            : 'It may work later; open it yourself before you submit, as a reviewer will.',
      })
    }
    return findings
  },
}
