/** Links in the text and what they point to: a repository, a profile or something else. */
import { findUrls } from '../../text'
import { textBlocks } from '../../line-blocks'
import { memoized } from '../../memo'
import type { PitchDocument } from '../../parse'

/** Links to code hosts written without a scheme: `github.com/owner/repo`. */
export const BARE_CODE_LINK = /(?<![\w/.@-])(?:www\.)?(?:github\.com|gitlab\.com|codeberg\.org|bitbucket\.org)\/[\w.-]+(?:\/[\w.-]+)*/gi

/** Web addresses in a text: `https://…`, and code-host links without a scheme. */
export function linksIn(text: string): string[] {
  const { urls, bare } = linksByKind(text)
  return [...urls, ...bare]
}

/** What BARE_CODE_LINK cannot match without: its hosts, which a search finds far faster than the pattern's lookbehind at every character. */
const CODE_HOST_NAME = /github\.com|gitlab\.com|codeberg\.org|bitbucket\.org/i

function linksByKind(text: string): { readonly urls: readonly string[]; readonly bare: readonly string[] } {
  const urls = findUrls(text).map((found) => found.url)
  const bare = CODE_HOST_NAME.test(text) ? Array.from(text.matchAll(BARE_CODE_LINK), (match) => `https://${match[0]}`) : []
  return Object.freeze({ urls: Object.freeze(urls), bare: Object.freeze(bare) })
}

/**
 * `linksIn(text)` for a text of the document (its source, its text without comments). No
 * address holds whitespace, so in a lint session each block's links (line-blocks.ts) are kept
 * by its text and a keystroke reads only its own block's.
 */
export function linksInText(doc: PitchDocument, text: string): string[] {
  if (!doc.memo) return linksIn(text)
  const urls: string[] = []
  const bare: string[] = []
  for (const block of textBlocks(doc, text)) {
    const found = memoized(doc, 'links', block.text, linksByKind)
    urls.push(...found.urls)
    bare.push(...found.bare)
  }
  return [...urls, ...bare]
}

type LinkKind = 'repository' | 'profile' | 'other'

const CODE_HOSTS = /^(?:github\.com|gitlab\.com|codeberg\.org|bitbucket\.org|git\.sr\.ht|gist\.github\.com)$/
const PACKAGE_HOSTS = /^(?:npmjs\.com|crates\.io|pypi\.org|pkg\.go\.dev|hex\.pm|rubygems\.org)$/
const SOCIAL_HOSTS =
  /(?:^|\.)(?:x\.com|twitter\.com|linkedin\.com|t\.me|telegram\.me|discord\.gg|discord\.com|warpcast\.com|keybase\.io|mastodon\.social|bsky\.app|farcaster\.xyz|facebook\.com|instagram\.com|youtube\.com)$/
/** Code-host paths that are not repositories. */
const NON_REPO_PATHS = /^(?:orgs|sponsors|settings|users|groups|explore|topics)$/i

/** A repository or published package; a profile or social account; anything else (a site, an app, a report). */
export function linkKind(url: string): LinkKind {
  const m = /^https?:\/\/(?:www\.)?([^/?#:]+)(?::\d+)?([^?#]*)/i.exec(url)
  if (!m) return 'other'
  const host = m[1]!.toLowerCase()
  const segments = (m[2] ?? '').split('/').filter(Boolean)
  if (CODE_HOSTS.test(host)) {
    if (host === 'gist.github.com') return segments.length >= 2 ? 'repository' : 'profile'
    return segments.length >= 2 && !NON_REPO_PATHS.test(segments[0]!) ? 'repository' : 'profile'
  }
  if (PACKAGE_HOSTS.test(host)) return segments.length >= 2 ? 'repository' : 'profile'
  if (SOCIAL_HOSTS.test(host)) return 'profile'
  return 'other'
}

/** `owner/repo` of a repository link, lowercased, to compare links written differently. */
export function repoKey(url: string): string {
  const m = /^https?:\/\/(?:www\.)?([^/?#:]+)\/([^/?#]+)\/([^/?#]+)/i.exec(url)
  return m ? `${m[1]}/${m[2]}/${m[3]!.replace(/\.git$/, '')}`.toLowerCase() : url.toLowerCase()
}
