/**
 * The grant list's search, shared by the grant browser (which narrows the list as the
 * applicant types) and the core (which counts new grants of a saved search in the background):
 * every word of the query appears in the grant's title, sponsor, track or reward, in any case.
 */
import type { GrantSummary } from './resources'

/** What a grant is searched by: its title, sponsor, track and reward, lower-cased. */
export function grantSearchText(grant: Pick<GrantSummary, 'title' | 'sponsor' | 'track' | 'reward'>): string {
  return `${grant.title}\n${grant.sponsor}\n${grant.track}\n${grant.reward}`.toLowerCase()
}

export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean)
}

/** Every word of `words` appears in `text` (a `grantSearchText`). */
export function textMatchesWords(text: string, words: readonly string[]): boolean {
  return words.every((word) => text.includes(word))
}

export function grantMatchesQuery(grant: Pick<GrantSummary, 'title' | 'sponsor' | 'track' | 'reward'>, query: string): boolean {
  return textMatchesWords(grantSearchText(grant), queryWords(query))
}
