/** The kind of project (declared or inferred from the text) and its typical budget range; the grant's reward cap. */
import type { ProjectKind } from '../../../draft-file'
import { stripInline, type PitchDocument, type Section } from '../../parse'
import { findAmounts, sentences } from '../../text'
import { TOPICS } from '../../topics'
import { rawText, withoutComments } from './text'
import { cleanSource } from './facts'

export const KIND_RANGES: Record<ProjectKind, { min: number; max: number; name: string }> = {
  'small-tooling': { min: 5_000, max: 20_000, name: 'small tooling' },
  sdk: { min: 20_000, max: 60_000, name: 'an SDK or library' },
  application: { min: 50_000, max: 150_000, name: 'a full application or protocol' },
  research: { min: 25_000, max: 80_000, name: 'research plus implementation' },
}

const KIND_WORDS: Record<ProjectKind, RegExp> = {
  sdk: /\b(?:sdks?|(?:client )?librar(?:y|ies)|bindings)\b/gi,
  research: /\b(?:research|papers?|stud(?:y|ies)|benchmark(?:s|ing)?)\b/gi,
  // "This application" is the grant application, not the project.
  application: /\b(?:protocols?|d-?apps?|(?<!\b(?:this|our|my|grant) )applications?|platforms?|marketplaces?|wallets?)\b/gi,
  'small-tooling': /\b(?:cli|command[- ]line|plugins?|extensions?|tools?|tooling|bots?|scripts?)\b/gi,
}
const KINDS = Object.keys(KIND_WORDS) as ProjectKind[]
const SUMMARY_TITLE = /\b(?:summary|overview|abstract|description|introduction|about the project|tl;?dr)\b/i

function firstSentence(section: Section): string {
  const paragraph = section.ownNodes.find((node) => node.type === 'paragraph')
  return paragraph ? (sentences(stripInline(rawText(paragraph)))[0] ?? '') : ''
}

export interface KindGuess {
  kinds: ProjectKind[]
  /** The words that decided, quoted, for the message: “SDK”, “library”. */
  evidence: string
  /** The words found for each kind. */
  words?: Partial<Record<ProjectKind, string[]>>
}

/**
 * Words that name something else than the project: proper names ("Language Server Protocol",
 * "Protocol Labs", "Protocol Guild"), technical protocols ("the HTTP protocol", "LSP") and the
 * libraries it uses ("using the `vscode-languageserver` library").
 */
const NOT_THE_PROJECT: readonly RegExp[] = [
  /\b(?:Language Server|Debug Adapter|Model Context|Internet|Transmission Control|Hyper[Tt]ext Transfer|File Transfer|Simple Mail Transfer|Inter-?Planetary|Gossip|Noise|Wire) Protocols?\b/g,
  /\bProtocol (?:Labs|Guild|Berg|Buidl|Research|Fellowship)\b/g,
  /\b(?:VS ?Code|Visual Studio|Chrome Web|JetBrains|Open VSX|GitHub|Google Play|App) (?:Marketplace|Store)\b|\bthe Marketplace\b/g,
  /\b(?:[A-Z][a-z]{1,20}[ -]){1,4}Protocols?(?=[ \t]{0,3}\([A-Z]{2,6}\))/g,
  /\b(?:LSP|HTTPS?|TCP|UDP|IP|DAP|MCP|RPC|JSON-RPC|gRPC|IPFS|P2P|wire|transport|network(?:ing)?|gossip|messaging) protocols?\b/gi,
  /\b(?:using|uses|use|with|via|on top of|built on|based on|wrapping|wraps)[ \t]{1,3}(?:the[ \t]{1,3}|an?[ \t]{1,3})?`?[\w@/.-]{1,40}`?[ \t]{1,3}(?:librar(?:y|ies)|sdks?|framework|bindings|plugins?|extensions?)\b/gi,
]

function withoutOtherNames(text: string): string {
  return NOT_THE_PROJECT.reduce((t, pattern) => t.replace(pattern, ' '), text)
}

/**
 * The kind of project from how the pitch describes itself: the title and the first sentence of
 * the preamble, summary and solution weigh ten times the words of the problem and solution.
 * One kind with the highest score wins; a tie returns the tied kinds, nothing returns none.
 */
export function inferProjectKind(doc: PitchDocument): KindGuess {
  const title = doc.sections.find((s) => s.depth === 1)?.title ?? ''
  const first = (pattern: RegExp) => doc.sections.find((s) => s.depth > 0 && pattern.test(s.title))
  const described = [doc.sections.find((s) => s.depth === 0), first(SUMMARY_TITLE), first(TOPICS.solution)].filter((s): s is Section => s !== undefined)
  const problem = first(TOPICS.problem)
  const context = problem ? [...described, problem] : described
  const strong = withoutOtherNames([title, ...described.map(firstSentence)].join('\n'))
  const weak = withoutOtherNames(context.length > 0 ? context.map((s) => stripInline(withoutComments(s.text))).join('\n') : stripInline(cleanSource(doc)))
  const scores = new Map<ProjectKind, number>()
  const words: Partial<Record<ProjectKind, string[]>> = {}
  for (const kind of KINDS) {
    const strongHits = [...strong.matchAll(KIND_WORDS[kind])]
    const weakHits = [...weak.matchAll(KIND_WORDS[kind])]
    scores.set(kind, strongHits.length * 10 + weakHits.length)
    const found: string[] = []
    for (const m of [...strongHits, ...weakHits]) {
      if (!found.some((w) => w.toLowerCase() === m[0].toLowerCase())) found.push(m[0])
    }
    if (found.length > 0) words[kind] = found.slice(0, 3)
  }
  const best = Math.max(...scores.values())
  if (best === 0) return { kinds: [], evidence: '', words }
  const kinds = KINDS.filter((kind) => scores.get(kind) === best)
  return { kinds, evidence: kinds.length === 1 ? quoteWords(words[kinds[0]!] ?? []) : '', words }
}

export function quoteWords(words: readonly string[]): string {
  return words.map((w) => `“${w}”`).join(', ')
}

/** The most the grant offers, in USD: the largest amount of its reward text, or a number with K ("up to 50K"). */
export function rewardCap(reward: string | undefined): number | null {
  if (!reward) return null
  const values = findAmounts(reward).map((a) => a.value)
  if (values.length === 0) {
    for (const m of reward.matchAll(/(?<![\d.])(\d+(?:\.\d+)?)[ \t]?[kK]\b(?![ \t]*(?:[A-Z]{2,6}|tokens?)\b)/g)) values.push(Number(m[1]) * 1000)
  }
  return values.length > 0 ? Math.max(...values) : null
}
