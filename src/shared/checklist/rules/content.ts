/**
 * Rules on what the pitch says: problem, solution, ecosystem, team, prior work, KPIs.
 *
 * Guidance (§1): "Project description: open with a one-sentence problem statement, explain the
 * technical solution …, name the ecosystem features used, and quantify the gap." "Team: names or
 * verified pseudonyms with repository or social links, prior work, prior grants with outcomes. A
 * solo applicant explains why the scope fits one person." "Ecosystem alignment: name the
 * ecosystem features used, explain the multiplier effect for other developers …" and the
 * checklist's "verifiable team links; at least one completed prior project linked; answer to why
 * this ecosystem specifically; measurable KPIs".
 *
 * Every rule reads prose block by block (paragraphs, list items, table rows) and skips the
 * template's hint comments, code blocks and the document's title, so a template left unfilled
 * never passes on the strength of its own hints.
 */
import type { List, ListItem, Nodes, Paragraph, RootContent } from 'mdast'
import { plainText, stripInline, type PitchDocument, type Section } from '../parse'
import { findUrls, sentences, wordCount } from '../text'
import { DOCUMENT_START, TOPICS, findSections, nodePosition, sectionPosition, type Topic } from '../topics'
import type { Position, Rule, RuleContext, RuleFinding } from '../types'

// ---------------------------------------------------------------------------------------------
// Reading the document

/** The source text of a node as written (inline Markdown included). */
function sourceOf(doc: PitchDocument, node: Nodes): string {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  return start === undefined || end === undefined ? '' : doc.source.slice(start, end)
}

/** The document's title: its first heading, when that is its only level-1 heading. */
function titleSection(doc: PitchDocument): Section | undefined {
  let first: Section | undefined
  let h1 = 0
  for (const section of doc.sections) {
    if (section.depth === 0) continue
    first ??= section
    if (section.depth === 1) h1++
  }
  return first && first.depth === 1 && h1 === 1 ? first : undefined
}

/**
 * The sections on any of the topics, in document order, without the title (whose section spans
 * the whole pitch) and without a subsection of a section already taken (its blocks are in there).
 */
function topicSections(doc: PitchDocument, ...topics: Topic[]): Section[] {
  const title = titleSection(doc)
  const matching = new Set<Section>()
  for (const topic of topics) for (const section of findSections(doc, topic)) matching.add(section)
  const taken: Section[] = []
  for (const section of doc.sections) {
    if (!matching.has(section) || section === title) continue
    if (taken.some((outer) => section.line > outer.line && section.line <= outer.endLine)) continue
    taken.push(section)
  }
  return taken
}

/** Sections whose heading matches a pattern of this file (not a shared topic). */
function sectionsTitled(doc: PitchDocument, pattern: RegExp): Section[] {
  const title = titleSection(doc)
  return doc.sections.filter((section) => section.depth > 0 && section !== title && pattern.test(section.title))
}

interface Block {
  /** A paragraph, or a table's body row. */
  node: Nodes
  /** Its source text, inline Markdown included. */
  text: string
}

/** The prose of some blocks: paragraphs (also in lists and quotes) and table body rows. */
function collectBlocks(doc: PitchDocument, nodes: readonly Nodes[], out: Block[] = []): Block[] {
  for (const node of nodes) {
    switch (node.type) {
      case 'paragraph':
        out.push({ node, text: sourceOf(doc, node) })
        break
      case 'list':
      case 'listItem':
      case 'blockquote':
        collectBlocks(doc, node.children, out)
        break
      case 'table':
        for (const row of node.children.slice(1)) out.push({ node: row, text: sourceOf(doc, row) })
        break
      default:
        // Headings, code, the template's hint comments, thematic breaks: not prose.
        break
    }
  }
  return out
}

function sectionBlocks(doc: PitchDocument, sections: readonly Section[]): Block[] {
  const out: Block[] = []
  for (const section of sections) collectBlocks(doc, section.nodes, out)
  return out
}

interface Sentence {
  block: Block
  /** As written. */
  raw: string
  /** Without inline markup. */
  plain: string
}

function sentencesOf(blocks: readonly Block[]): Sentence[] {
  const out: Sentence[] = []
  for (const block of blocks) {
    for (const raw of sentences(block.text)) out.push({ block, raw, plain: stripInline(raw) })
  }
  return out
}

/** The prose of blocks without inline markup, one block a line. */
function proseOf(blocks: readonly Block[]): string {
  return blocks.map((block) => stripInline(block.text)).join('\n')
}

/** The first paragraph of some blocks, looking into lists and quotes. */
function firstParagraph(nodes: readonly Nodes[]): Paragraph | undefined {
  for (const node of nodes) {
    if (node.type === 'paragraph') return node
    if (node.type === 'list' || node.type === 'listItem' || node.type === 'blockquote') {
      const inner = firstParagraph(node.children)
      if (inner) return inner
    }
  }
  return undefined
}

const ALL_TOPICS = Object.values(TOPICS)

/** What comes after the title and before the first heading that names a topic: the pitch's opening. */
function introNodes(doc: PitchDocument): RootContent[] {
  const title = titleSection(doc)
  const out: RootContent[] = []
  for (const node of doc.root.children) {
    if (node.type === 'heading') {
      if (title && node === title.heading) continue
      if (ALL_TOPICS.some((pattern) => pattern.test(plainText(node)))) break
      continue
    }
    out.push(node)
  }
  return out
}

/**
 * Short, quotable text of a block for a message: at most `max` characters, cut at a word
 * boundary (unless that would leave less than half) and marked with “…”.
 */
function quote(text: string, max = 60): string {
  const plain = stripInline(text).replace(/\s+/g, ' ').trim()
  if (plain.length <= max) return plain
  const cut = plain.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  const head = space >= max / 2 ? cut.slice(0, space) : cut
  return `${head.replace(/[\s,;:.–—-]+$/, '')}…`
}

function headingOf(sections: readonly Section[]): Position {
  const first = sections[0]
  return first ? sectionPosition(first) : DOCUMENT_START
}

function named(section: Section | undefined, fallback: string): string {
  return section?.title ? `“${section.title}”` : fallback
}

// ---------------------------------------------------------------------------------------------
// Links

/** Links to code hosts written without a scheme: `github.com/owner/repo`. */
const BARE_CODE_LINK = /(?<![\w/.@-])(?:www\.)?(?:github\.com|gitlab\.com|codeberg\.org|bitbucket\.org)\/[\w.-]+(?:\/[\w.-]+)*/gi

/** Web addresses in a text: `https://…`, and code-host links without a scheme. */
function linksIn(text: string): string[] {
  const links = findUrls(text).map((found) => found.url)
  for (const match of text.matchAll(BARE_CODE_LINK)) links.push(`https://${match[0]}`)
  return links
}

type LinkKind = 'repository' | 'profile' | 'other'

const CODE_HOSTS = /^(?:github\.com|gitlab\.com|codeberg\.org|bitbucket\.org|git\.sr\.ht|gist\.github\.com)$/
const PACKAGE_HOSTS = /^(?:npmjs\.com|crates\.io|pypi\.org|pkg\.go\.dev|hex\.pm|rubygems\.org)$/
const SOCIAL_HOSTS = /(?:^|\.)(?:x\.com|twitter\.com|linkedin\.com|t\.me|telegram\.me|discord\.gg|discord\.com|warpcast\.com|keybase\.io|mastodon\.social|bsky\.app|farcaster\.xyz|facebook\.com|instagram\.com|youtube\.com)$/
/** Code-host paths that are not repositories. */
const NON_REPO_PATHS = /^(?:orgs|sponsors|settings|users|groups|explore|topics)$/i

/** A repository or published package; a profile or social account; anything else (a site, an app, a report). */
function linkKind(url: string): LinkKind {
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
function repoKey(url: string): string {
  const m = /^https?:\/\/(?:www\.)?([^/?#:]+)\/([^/?#]+)\/([^/?#]+)/i.exec(url)
  return m ? `${m[1]}/${m[2]}/${m[3]!.replace(/\.git$/, '')}`.toLowerCase() : url.toLowerCase()
}

// ---------------------------------------------------------------------------------------------
// The team

/** Paragraphs or subsection headings that introduce a list of something other than people. */
const NOT_PEOPLE = /\b(?:prior|previous|past|grants?|projects?|portfolio|track record|publications?|talks?|work|achievements?|shipped|built)\b/i

/**
 * The lists of people in the team sections: top-level lists not introduced by a paragraph or
 * subsection heading about grants, projects or prior work.
 */
function rosterLists(sections: readonly Section[]): List[] {
  const lists: List[] = []
  for (const section of sections) {
    let before: Nodes | undefined
    for (const node of section.nodes) {
      if (node.type === 'list') {
        const context = before && (before.type === 'paragraph' || before.type === 'heading') ? plainText(before) : ''
        if (!NOT_PEOPLE.test(context)) lists.push(node)
      }
      if (node.type !== 'html') before = node
    }
  }
  return lists
}

function rosterItems(sections: readonly Section[]): ListItem[] {
  return rosterLists(sections).flatMap((list) => list.children)
}

/** The person a roster item is about: its text up to the first comma, colon, dash or bracket. */
function personName(doc: PitchDocument, item: ListItem): string {
  const paragraph = firstParagraph(item.children)
  const text = paragraph ? stripInline(sourceOf(doc, paragraph)) : ''
  const name = text.split(/[,:;(]|\s[-–—]\s/)[0] ?? ''
  return quote(name, 40) || 'this team member'
}

/** Values of form fields about the team (`team_members`, `founders`), for pitches that keep it there. */
function teamFieldText(fields: Readonly<Record<string, string>>): string {
  return Object.entries(fields)
    .filter(([name]) => /team|member|founder|about/i.test(name) && !/size|count|number/i.test(name))
    .map(([, value]) => value)
    .join('\n')
}

// ---------------------------------------------------------------------------------------------
// 1. problem-statement

const MAX_PROBLEM_WORDS = 45
const MIN_PROBLEM_WORDS = 5

export const problemStatement: Rule = {
  id: 'problem-statement',
  title: 'One-sentence problem statement',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The description opens with a one-sentence problem statement: the first sentence of the problem section (or of the pitch’s opening) says who has which problem, in at most 45 words.',
  check({ doc }: RuleContext): RuleFinding[] {
    const section = topicSections(doc, 'problem')[0]
    const paragraph = firstParagraph(section ? section.nodes : introNodes(doc))
    if (!section && !paragraph) {
      return [{
        ...DOCUMENT_START,
        message: 'The pitch has no problem statement: no “Problem statement” section and no opening paragraph.',
        hint: 'Add a “## Problem statement” section that opens with one sentence saying who has which problem, e.g. “Lumen contract developers wait 20 minutes for a funded test account.”',
      }]
    }
    if (!paragraph) {
      return [{
        ...sectionPosition(section!),
        message: `The section ${named(section, 'on the problem')} has no paragraph to open with a problem statement.`,
        hint: 'Start the section with one sentence saying who has which problem, e.g. “Lumen contract developers wait 20 minutes for a funded test account.”',
      }]
    }
    const first = sentences(stripInline(sourceOf(doc, paragraph)))[0] ?? ''
    const words = wordCount(first)
    const where = section ? `the section ${named(section, '')}` : 'the pitch'
    if (words > MAX_PROBLEM_WORDS) {
      return [{
        ...nodePosition(paragraph),
        message: `The first sentence of ${where} is ${words} words long; a problem statement reads as one sentence of at most ${MAX_PROBLEM_WORDS} words.`,
        hint: 'Split it: open with one short sentence naming who has which problem (“Arcadia developers cannot see why a transaction failed.”), then give the details and numbers in the next sentences.',
      }]
    }
    if (words < MIN_PROBLEM_WORDS) {
      return [{
        ...nodePosition(paragraph),
        message: `The first sentence of ${where} (“${quote(first)}”) is too short to state a problem: it should say who is affected and by what.`,
        hint: 'Write one full sentence naming who has which problem, e.g. “Lumen contract developers wait 20 minutes for a funded test account.”',
      }]
    }
    return []
  },
}

// ---------------------------------------------------------------------------------------------
// 2. problem-quantified

/**
 * Names with digits that are no quantity: years, versions, standards and layers (“web3”, “L2”,
 * “ERC-20”, “EIP 1559”, “Layer 2”, “v2”). Digits glued to a letter, a dash or a point are caught
 * by QUANTITY_DIGIT's look-behind; these are the ones written with a space.
 */
const NOT_A_QUANTITY = /\b(?:(?:19|20)\d{2}s?|(?:web|layer|ERC|EIP|BIP|SIP|ARC|SRC|CIP|NEP|TIP|FIP)[ \t]?\d+(?:\.\d+)*)\b/gi
/** A digit that starts a number, not one inside a name (“web3”, “L2”, “ERC-20”, “v2”, “M1”). */
const QUANTITY_DIGIT = /(?<![A-Za-z\d.,_-])\d/
/** A number word with what it counts: “thousands of developers”, “three teams”, “a dozen wallets”. */
const NUMBER_WORD = /\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|millions?|billions?|dozens?)(?:[ \t]+of)?[ \t]+(?!of\b)[A-Za-z]{3,}/i
/** Fractions and ratios in words: “one in five”, “half of”, “a third of”, “twice as long”. */
const FRACTION_WORD = /\b(?:one in (?:two|three|four|five|six|seven|eight|nine|ten)|(?:half|a third|a quarter|two thirds|three quarters) of|twice|three times|ten times|tenfold)\b/i

/**
 * Whether a problem is sized: a number (not a year or part of a name), a percentage, an amount, or
 * a number word with what it counts. Idioms (“one of the biggest”, “no one”, “one-stop”) are not.
 */
export function quantifiesProblem(text: string): boolean {
  return QUANTITY_DIGIT.test(text.replace(NOT_A_QUANTITY, ' ')) || NUMBER_WORD.test(text) || FRACTION_WORD.test(text)
}

export const problemQuantified: Rule = {
  id: 'problem-quantified',
  title: 'Problem quantified',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The problem is quantified: the problem section (or the pitch’s opening) gives a number, a percentage or an amount, so reviewers can weigh the gap.',
  check({ doc }: RuleContext): RuleFinding[] {
    const sections = topicSections(doc, 'problem')
    const blocks = sections.length > 0 ? sectionBlocks(doc, sections) : collectBlocks(doc, introNodes(doc))
    if (sections.length === 0 && blocks.length === 0) {
      return [{
        ...DOCUMENT_START,
        message: 'The pitch has no problem section, so the size of the problem is not stated.',
        hint: 'Add a “## Problem statement” section with a number: how many people are affected, how much time or money they lose, e.g. “1,800 developers lose 6 hours a week”.',
      }]
    }
    if (quantifiesProblem(proseOf(blocks))) return []
    return [{
      ...(sections[0] ? sectionPosition(sections[0]) : blocks[0] ? nodePosition(blocks[0].node) : DOCUMENT_START),
      message: `The problem ${sections[0] ? `in the section ${named(sections[0], '')} ` : ''}is not quantified: it has no number, percentage or amount.`,
      hint: 'Size the gap with a figure reviewers can check: how many users are affected, how much time or money they lose, e.g. “74% of 212 surveyed developers”, “$40,000 a month in failed transactions”.',
    }]
  },
}

// ---------------------------------------------------------------------------------------------
// 3. tech-stack

/** Technologies matched case-insensitively (names that are not ordinary English words). */
const TECH_NAMES = [
  // Languages
  'Rust', 'TypeScript', 'JavaScript', 'Golang', 'Python', 'Solidity', 'Vyper', 'Circom', 'Huff', 'Yul',
  'C++', 'C#', 'Java', 'Kotlin', 'Scala', 'Haskell', 'OCaml', 'Elixir', 'Erlang', 'Ruby', 'PHP', 'Zig',
  'Dart', 'Sway', 'WebAssembly', 'WASM', 'SQL', 'Lua',
  // Frameworks, libraries, runtimes, tools
  'Next.js', 'Vue', 'Vue.js', 'Nuxt', 'Svelte', 'SvelteKit', 'Angular', 'Flutter', 'Node.js', 'NodeJS', 'Deno',
  'Express.js', 'NestJS', 'Django', 'Flask', 'FastAPI', 'Rails', 'Tailwind', 'Vite', 'Electron', 'Tauri',
  'Hardhat', 'Truffle', 'Brownie', 'ethers.js', 'viem', 'wagmi', 'web3.js', 'web3.py', 'Substrate', 'ink!',
  'CosmWasm', 'Cosmos SDK', 'Tendermint', 'CometBFT', 'OpenZeppelin', 'The Graph', 'subgraph', 'Arkworks',
  'Halo2', 'Plonky2', 'gnark', 'RISC Zero', 'SP1', 'zkVM', 'LLVM', 'Tokio', 'Actix', 'Axum', 'Wasmtime',
  // Protocols and standards
  'GraphQL', 'gRPC', 'JSON-RPC', 'WebSocket', 'WebSockets', 'OAuth', 'OpenAPI', 'protobuf', 'MQTT', 'IPFS',
  'libp2p', 'Arweave', 'EVM', 'SVM', 'zkEVM', 'zk-SNARK', 'zk-STARK', 'SNARK', 'STARK', 'PLONK', 'Groth16',
  'WebRTC', 'HTTP/2', 'HTTP/3',
  // Data and infrastructure
  'PostgreSQL', 'Postgres', 'MySQL', 'SQLite', 'MongoDB', 'Redis', 'Kafka', 'ClickHouse', 'Elasticsearch',
  'Docker', 'Kubernetes', 'Terraform', 'AWS', 'GCP', 'Nginx', 'Prometheus', 'Grafana', 'Linux',
]

/** Names that are also English words: matched only as written (“Go”, not “go”). */
const TECH_NAMES_EXACT = ['Go', 'Move', 'Cairo', 'Swift', 'React', 'React Native', 'REST', 'Anchor', 'Foundry', 'Noir', 'Clarity', 'Spring', 'Bun']

function techPattern(names: readonly string[], flags: string): RegExp {
  const alternatives = names
    .map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s+'))
    .sort((a, b) => b.length - a.length)
    // “Go-to-market” is not the Go language.
    .map((name) => (name === 'Go' ? 'Go(?!-to\\b)' : name))
  return new RegExp(`(?<![A-Za-z0-9_])(?:${alternatives.join('|')})s?(?![A-Za-z0-9_])`, flags)
}

const TECH = techPattern(TECH_NAMES, 'i')
const TECH_EXACT = techPattern(TECH_NAMES_EXACT, '')

/** The first known technology named in a text, or null. */
export function findTechnology(text: string): string | null {
  return TECH.exec(text)?.[0] ?? TECH_EXACT.exec(text)?.[0] ?? null
}

export const techStack: Rule = {
  id: 'tech-stack',
  title: 'Technical stack named',
  severity: 'warning',
  description: 'The technical solution names its stack: languages, frameworks and protocols (matched against a list of about 100 common names; an unknown name gives only an info).',
  check({ doc }: RuleContext): RuleFinding[] {
    const sections = topicSections(doc, 'solution')
    if (sections.length === 0) {
      return [{
        ...DOCUMENT_START,
        message: 'The pitch has no technical solution section, so its stack is not named.',
        hint: 'Add a “## Technical solution” section that names the languages, frameworks and protocols you will use, e.g. “a Rust core compiled to WebAssembly, a TypeScript SDK, the JSON-RPC API”.',
      }]
    }
    if (findTechnology(proseOf(sectionBlocks(doc, sections))) !== null) return []
    return [{
      ...sectionPosition(sections[0]!),
      severity: 'info',
      message: `The checklist could not recognise a named technology in ${named(sections[0], 'the technical solution')}; if you named one we don't know, ignore this.`,
      hint: 'Name the languages, frameworks and protocols you will use, e.g. “a Rust core compiled to WebAssembly, a TypeScript SDK, the JSON-RPC API”: reviewers judge feasibility from the stack.',
    }]
  },
}

// ---------------------------------------------------------------------------------------------
// 4. ecosystem-features

const USES = /\b(?:features?|uses?|using|built on|builds? on|building on|relies on|rely on|relying on|leverag\w+|integrat\w+ with)\b/i
const STANDARD_NAME = /\b[A-Z]{2,}[- ]?\d+\b|\b(?:RPCs?|APIs?|SDKs?|precompiles?|opcodes?|registry|registries|oracles?|bridges?|faucets?)\b/i
const CODE_SPAN = /`[^`\n]+`/

/** A capitalised word after the first one (a product or feature name), or “I” excepted. */
function hasProperNoun(plain: string): boolean {
  const words = plain.split(/\s+/)
  for (let i = 1; i < words.length; i++) {
    if (/^[("“‘']?[A-Z][A-Za-z0-9]/.test(words[i]!)) return true
  }
  return false
}

function namesEcosystemFeature(sentence: Sentence): boolean {
  if (STANDARD_NAME.test(sentence.plain)) return true
  return USES.test(sentence.plain) && (CODE_SPAN.test(sentence.raw) || hasProperNoun(sentence.plain))
}

export const ecosystemFeatures: Rule = {
  id: 'ecosystem-features',
  title: 'Ecosystem features named',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The solution or ecosystem section names the ecosystem features it uses: an RPC, API, SDK, standard (ERC-20), precompile, registry, oracle, bridge or faucet, or a sentence saying it uses or builds on a named feature.',
  check({ doc }: RuleContext): RuleFinding[] {
    const sections = topicSections(doc, 'solution', 'ecosystem')
    if (sections.length === 0) {
      return [{
        ...DOCUMENT_START,
        message: 'The pitch has no technical solution or ecosystem section, so it names no ecosystem feature it uses.',
        hint: 'Add a “## Technical solution” section that names the chain’s features you rely on, e.g. “It uses the v2 tracing RPC, the on-chain ABI registry and the testnet faucet.”',
      }]
    }
    if (sentencesOf(sectionBlocks(doc, sections)).some(namesEcosystemFeature)) return []
    return [{
      ...headingOf(sections),
      message: `No ecosystem feature is named in ${sections.map((section) => named(section, '')).join(' or ')}: reviewers cannot tell what of the ecosystem the project uses.`,
      hint: 'Name the features you build on, e.g. “It uses three Arcadia features: the v2 tracing RPC, the on-chain ABI registry and the testnet faucet.”',
    }]
  },
}

// ---------------------------------------------------------------------------------------------
// 5. ecosystem-why

/** Words that give a reason: “because”, “specifically”, “unlike”, “thanks to”, “for its”. */
const WHY = /\b(?:why|because|specifically|unlike|no other|thanks to|due to|since its|as its|for its|(?:the )?only\b)/i
/** A comparison with other ecosystems, which makes any reason specific. */
const COMPARISON = /\b(?:unlike|no other|any other|(?:on|than|from|to|with) other (?:chains?|ecosystems?|networks?|L[12]s?|blockchains?|EVM chains?|rollups?|platforms?)|other (?:chains|ecosystems|networks|L[12]s|blockchains|rollups) (?:lack|do not|don't|don’t|cannot|can't|can’t|would|need|require)|elsewhere|compared (?:to|with)|whereas|(?:the|is) only (?:\S+\s+){0,3}?(?:chain|network|ecosystem|L[12]|blockchain|platform|rollup|protocol)|only (?:\S+\s+){0,6}?(?:offers?|has|have|provides?|supports?|gives?|allows?|enables?))\b/i
/** Technical features and capabilities of a chain (not “fast”, “cheap” or “a great community”). */
const FEATURE_WORD = /\b(?:precompiles?|opcodes?|account[- ]abstraction|smart accounts?|paymasters?|bundlers?|sequencers?|runtimes?|virtual machines?|WASM|WebAssembly|consensus|finality|standards?|modules?|native(?:ly)?|on-chain|registry|registries|oracles?|bridges?|light clients?|state[- ](?:proofs?|commitments?)|commitments?|manifests?|automation|keepers?|identity|zk\w*|rollups?|data availability|sharding|parachains?|subnets?|hooks?|permits?|storage|indexing|tracing|ABIs?|RPCs?|APIs?|SDKs?|contract specs?|specs?)\b/i
/** Names of features and standards as written: “EVM”, “MoveVM”, “ERC-4337”, “ARC-42”. */
const FEATURE_NAME = /\b(?:[A-Z][A-Za-z]{0,5})?VMs?\b|\b[A-Z]{2,}[- ]?\d+\b/
/** A capability: “its X lets / allows / enables / makes … possible”. */
const CAPABILITY = /\bits\s+(?:[\w-]+\s+){0,4}?(?:lets?|allows?|enables?|makes?|gives?|provides?|supports?|offers?|exposes?|stores?|runs?)\b/i
/** A user base or market in numbers: “2M accounts”, “400 active dApps”, “$300M TVL”. */
const USER_BASE = /(?<![A-Za-z\d.,-])[$]?\d[\d,.]*(?:[ \t]?[kKmMbB])?\+?[ \t]{1,3}(?:\w+[ \t]+){0,2}?(?:users?|accounts?|developers?|devs|dapps?|projects?|teams?|wallets?|transactions|TVL|validators?|holders?|contracts?)\b|\bTVL\b/i
/** The program's stated priorities, focus areas, RFP or round. */
const PROGRAM_PRIORITY = /\b(?:priorit(?:y|ies)|focus areas?|RFPs?|requests? for proposals?|(?:round|track|wishlist|wish list)\s+\d+)\b/i

/** Whether a sentence gives a reason specific to this ecosystem, not a generic one like “a great community”. */
function concreteReason(sentence: Sentence): boolean {
  const plain = sentence.plain
  return COMPARISON.test(plain) || FEATURE_WORD.test(plain) || FEATURE_NAME.test(plain) || CODE_SPAN.test(sentence.raw) || CAPABILITY.test(plain) ||
    USER_BASE.test(plain) || PROGRAM_PRIORITY.test(plain) || findTechnology(plain) !== null
}

/** Words after “Why” that name no ecosystem: “Why now”, “Why us”, “Why this matters”. */
const WHY_NOT_ECOSYSTEM = /^(?:now|us|me|we|it|this|these|that|our|my|the|a|an|today|here|so|fund|funding|grant|grants|matters?|it matters|should|does|is|are|do)$/i

/**
 * A heading that asks why this ecosystem: “Why Arcadia?”, “Why build on Lumen”, “Why this
 * ecosystem”, “Why this chain” – not “Why now” or “Why us”.
 */
export function isWhyEcosystemHeading(title: string): boolean {
  const m = /^\W*why\s+(?:(?:we|I)\s+(?:chose|choose|picked|pick|selected|prefer)\s+)?(?:(?:build(?:ing)?|deploy(?:ing)?|launch(?:ing)?)\s+(?:on|in)\s+)?(?:(this|the|our)\s+)?([\w.’'-]+)/i.exec(title)
  if (!m) return false
  const word = m[2]!.replace(/[’']s$/, '')
  if (/^(?:ecosystems?|chains?|networks?|protocols?|blockchains?|L[12]|rollups?|platforms?)$/i.test(word)) return true
  if (m[1]) return false
  return /^[A-Z0-9]/.test(word) && !WHY_NOT_ECOSYSTEM.test(word)
}

export const ecosystemWhy: Rule = {
  id: 'ecosystem-why',
  title: 'Why this ecosystem',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The ecosystem section answers why this ecosystem specifically with a concrete reason: a sentence with “because”, “specifically”, “unlike”, “only …” (or a subsection titled “Why <ecosystem>”) that names a feature or capability, a user base in numbers, the program’s priorities, or a comparison with other ecosystems. “A great community” alone is no reason.',
  check({ doc }: RuleContext): RuleFinding[] {
    const sections = topicSections(doc, 'ecosystem')
    // A subsection “Why Arcadia?” is the question; any concrete sentence in it is an answer.
    const whySections = sectionsTitled(doc, /^\W*why\b/i).filter((section) => isWhyEcosystemHeading(section.title))
    if (whySections.some((section) => sentencesOf(collectBlocks(doc, section.nodes)).some(concreteReason))) return []
    if (sections.length === 0 && whySections.length === 0) {
      return [{
        ...DOCUMENT_START,
        message: 'The pitch has no ecosystem section, so it does not say why this ecosystem specifically.',
        hint: 'Add a “## Ecosystem alignment” section that says what this ecosystem offers that others don’t, e.g. “We build on Arcadia because its v2 tracing RPC makes exact replay possible, which no other chain offers.”',
      }]
    }
    const reasons = sentencesOf(sectionBlocks(doc, sections)).filter((sentence) => WHY.test(sentence.plain))
    if (reasons.some(concreteReason)) return []
    const vague = reasons[0] ?? sentencesOf(sectionBlocks(doc, whySections))[0]
    const where = sections[0] ?? whySections[0]
    if (vague) {
      return [{
        ...headingOf(where ? [where] : []),
        message: `The section ${named(where, 'on the ecosystem')} gives no reason specific to this ecosystem: “${quote(vague.plain, 80)}” would fit any chain.`,
        hint: 'Name what this ecosystem offers that others don’t: a feature or capability you rely on, its user base in numbers, or the program’s stated priority, e.g. “We build on Arcadia because its v2 tracing RPC makes exact replay possible, which no other chain offers.”',
      }]
    }
    return [{
      ...headingOf(where ? [where] : []),
      message: `The section ${named(where, 'on the ecosystem')} does not say why this ecosystem specifically.`,
      hint: 'Add a sentence on what this ecosystem offers that others don’t, e.g. “We build on Arcadia because its v2 tracing RPC makes exact replay possible, which no other chain offers.”',
    }]
  },
}

// ---------------------------------------------------------------------------------------------
// 6. ecosystem-multiplier

const OTHERS_QUALIFIED = /\b(?:other|every|any|each|all|more|many|third[- ]party|external|downstream|\d[\d,]*\+?)\s+(?:[\w’'-]+\s+){0,2}?(?:developers?|devs|teams?|projects?|builders?|dapps?|protocols?|apps?|applications?|wallets?)\b/i
const OTHERS_PLAIN = /\b(?:developers|devs|builders|teams|projects|dapps|protocols|wallets)\b/i
/**
 * “build … on”, “build … on top of” with up to ten words between, within one sentence and clause:
 * “other developers can build explorers and alerting bots on it”.
 */
const BUILD_ON = String.raw`(?:build(?:s|ing)?|built)(?:\s+[^\s.!?;:]+){0,10}?\s+on(?:\s+top\s+of)?`
const REUSE = new RegExp(String.raw`\b(?:re-?us\w*|uses?|using|used|${BUILD_ON}|benefit\w*|integrat\w*|adopt\w*|fork\w*|depend\w*\s+on|plug\w*\s+in|compos\w+|extend\w*|embed\w*|import\w*|install\w*|leverag\w+)\b`, 'i')

export const ecosystemMultiplier: Rule = {
  id: 'ecosystem-multiplier',
  title: 'Multiplier effect explained',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The pitch explains the multiplier effect for other developers: a sentence on other developers, teams, projects or builders reusing, integrating, building on or benefiting from the work (ecosystem and solution sections first, then the whole pitch).',
  check({ doc }: RuleContext): RuleFinding[] {
    const sections = topicSections(doc, 'ecosystem', 'solution')
    const inSections = sentencesOf(sectionBlocks(doc, sections))
    if (inSections.some((s) => (OTHERS_QUALIFIED.test(s.plain) || OTHERS_PLAIN.test(s.plain)) && REUSE.test(s.plain))) return []
    // Elsewhere (KPIs, deliverables) only a clear “other teams” counts, not any mention of developers.
    const everywhere = sentencesOf(collectBlocks(doc, doc.root.children))
    if (everywhere.some((s) => OTHERS_QUALIFIED.test(s.plain) && REUSE.test(s.plain))) return []
    const ecosystem = topicSections(doc, 'ecosystem')
    return [{
      ...headingOf(ecosystem),
      message: ecosystem.length > 0
        ? `The section ${named(ecosystem[0], '')} does not explain the multiplier effect: how other developers or projects will reuse or build on the work.`
        : 'The pitch does not explain the multiplier effect: how other developers or projects will reuse or build on the work.',
      hint: 'Say who else benefits and how, with a number if you can, e.g. “Every Arcadia team can reuse the SDK: other developers can build explorers and alerting bots on it instead of writing their own decoder.”',
    }]
  },
}

// ---------------------------------------------------------------------------------------------
// 6b. program-priorities

/** What a program states it funds: its priorities, focus areas, RFP, wishlist. */
const PRIORITY_WORD = /\b(?:priorit(?:y|ies)|focus areas?|RFPs?|requests? for (?:proposals?|projects?)|wish ?lists?|stated goals?|mandate)\b/i
/** Who states them: the program, fund, round, track, foundation … */
const PROGRAM_WORD = /\b(?:programs?|programmes?|funds?|rounds?|tracks?|grants?|foundation|council|committee|RFPs?|requests? for (?:proposals?|projects?)|initiative|sponsors?|ecosystem|DAO)\b/i
/** “Our priority”, “my top priority”, “a priority for us”: the applicant's own priorities. */
const OWN_PRIORITY = /\b(?:our|my|we|I)\s+(?:\w+\s+){0,2}?priorit(?:y|ies)\b|\bpriorit(?:y|ies) (?:for|to) (?:us|me)\b/i
/** The program's priorities by name: “the program's focus”, “the fund's stated goals”, “Round 7's theme”, an RFP. */
const PROGRAM_CALL = /\b(?:RFPs?|requests? for proposals?|focus areas?|(?:program|programme|fund|round|track|foundation|council|committee|grant)(?:'s|’s)?\s+(?:\d+(?:'s|’s)?\s+)?(?:\w+\s+){0,2}?(?:priorit(?:y|ies)|focus|themes?|mission|goals?|mandate|wish ?list))\b/i

/** Whether a sentence refers to the program's stated priorities rather than the applicant's own. */
export function refersToProgramPriorities(sentence: string): boolean {
  if (PROGRAM_CALL.test(sentence)) return true
  // “Security is our top priority for the grant” is about the applicant, not the program.
  return PRIORITY_WORD.test(sentence) && PROGRAM_WORD.test(sentence) && !OWN_PRIORITY.test(sentence)
}

export const programPriorities: Rule = {
  id: 'program-priorities',
  title: 'Program priorities referenced',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The pitch references the program’s stated priorities: a sentence naming the program’s (fund’s, round’s, track’s) priority, focus area, theme or RFP that the project answers. Out-of-scope is among the most frequent rejection reasons.',
  check({ doc, fields }: RuleContext): RuleFinding[] {
    const prose = sentencesOf(collectBlocks(doc, doc.root.children)).map((sentence) => sentence.plain)
    for (const value of Object.values(fields)) prose.push(...sentences(value))
    if (prose.some(refersToProgramPriorities)) return []
    const ecosystem = topicSections(doc, 'ecosystem')
    const where = ecosystem.length > 0 ? ecosystem : sectionsTitled(doc, /^\W*why\b/i).filter((section) => isWhyEcosystemHeading(section.title))
    return [{
      ...headingOf(where),
      message: where.length > 0
        ? `The section ${named(where[0], '')} does not reference the program’s stated priorities: reviewers cannot tell which of them the project serves.`
        : 'The pitch does not reference the program’s stated priorities: reviewers cannot tell which of them the project serves.',
      hint: 'Quote the priority, focus area or RFP of the grant you answer and say how the project serves it, e.g. “Tracekit answers the program’s stated priority “debugging and observability”.” The grant’s description lists them.',
    }]
  },
}

// ---------------------------------------------------------------------------------------------
// 7. team-links

export const teamLinks: Rule = {
  id: 'team-links',
  title: 'Verifiable team links',
  severity: 'warning',
  description: 'The team section gives names or pseudonyms with verifiable links (GitHub, GitLab, X, LinkedIn or a personal site); in a list of people, every person has a link.',
  check({ doc, fields }: RuleContext): RuleFinding[] {
    const sections = topicSections(doc, 'team')
    if (sections.length === 0) {
      const fieldText = teamFieldText(fields)
      if (fieldText.trim() !== '') {
        if (linksIn(fieldText).length > 0) return []
        return [{
          ...DOCUMENT_START,
          message: 'The team, described in the application form, has no verifiable link.',
          hint: 'Add a GitHub, GitLab, X or LinkedIn link (or a personal site) for each person, e.g. “Ada Okafor – https://github.com/adaokafor”.',
        }]
      }
      return [{
        ...DOCUMENT_START,
        message: 'The pitch has no team section: reviewers cannot verify who will do the work.',
        hint: 'Add a “## Team” section listing each person by name or known pseudonym with a link, e.g. “- Ada Okafor, lead engineer: [GitHub](https://github.com/adaokafor)”.',
      }]
    }
    const items = rosterItems(sections)
    if (items.length > 0) {
      return items
        .filter((item) => linksIn(sourceOf(doc, item)).length === 0)
        .map((item) => {
          const name = personName(doc, item)
          return {
            ...nodePosition(item),
            message: `The team member “${name}” has no link (GitHub, GitLab, X, LinkedIn or a personal site).`,
            hint: `Add a link that shows ${name}'s work, e.g. “[GitHub](https://github.com/handle)”; a verified pseudonym needs a link as much as a name.`,
          }
        })
    }
    if (sectionBlocks(doc, sections).some((block) => linksIn(block.text).length > 0)) return []
    return [{
      ...sectionPosition(sections[0]!),
      message: `The section ${named(sections[0], 'on the team')} has no verifiable link (GitHub, GitLab, X, LinkedIn or a personal site).`,
      hint: 'List each person with a link, e.g. “- Ada Okafor, lead engineer: [GitHub](https://github.com/adaokafor)”.',
    }]
  },
}

// ---------------------------------------------------------------------------------------------
// 8. team-prior-work

const PRIOR_WORK = /\b(?:built|builds|shipped|ships|maintain\w*|launched|created|authored|co-?authored|developed|wrote|written|contribut\w+|led|founded|co-?founded|released|published|core (?:dev|developer|engineer|contributor))\b/i
const GRANT = /\b(?:grants?|funded|fellowships?|bount(?:y|ies))\b/gi
const GRANT_OUTCOME = /\b(?:delivered|completed|complete|shipped|on time|milestones?|reports?|results?|outcomes?|finished|successfully|paid out)\b/i
const FIRST_GRANT = /\b(?:first grant|first[- ]time (?:applicant|grantee)|no (?:prior|previous|past|earlier|other) grants?|(?:not|never) (?:received|had|applied for) (?:a |any )?grants?|no grants? (?:yet|so far|before|to date))\b/i
/** How far after a grant's mention its outcome may be, in characters (the rest of a paragraph). */
const OUTCOME_WINDOW = 400

export const teamPriorWork: Rule = {
  id: 'team-prior-work',
  title: 'Prior work and grants',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The team or prior-work sections mention the team’s prior work (built, shipped, maintains …) and its prior grants with their outcomes (delivered, completed, report …), or say it is the team’s first grant.',
  check({ doc, fields }: RuleContext): RuleFinding[] {
    const sections = topicSections(doc, 'team', 'priorWork')
    const text = [proseOf(sectionBlocks(doc, sections)), sections.length === 0 ? teamFieldText(fields) : ''].join('\n')
    const where = sections.length > 0 ? sectionPosition(sections[0]!) : DOCUMENT_START
    const place = sections.length > 0 ? `The section ${named(sections[0], '')}` : 'The pitch'
    if (sections.length === 0 && text.trim() === '') {
      return [{
        ...DOCUMENT_START,
        message: 'The pitch has no team or prior-work section, so it shows no prior work and no prior grants.',
        hint: 'Add a “## Team” section: for each person one thing they built or shipped, with a link, and your prior grants with their outcome (“completed a Lumen grant in 2025, all 3 milestones delivered on time”), or say it is your first grant.',
      }]
    }
    const findings: RuleFinding[] = []
    if (!PRIOR_WORK.test(text)) {
      findings.push({
        ...where,
        message: `${place} does not mention the team’s prior work (something built, shipped or maintained).`,
        hint: 'For each person, name one thing they built, shipped or maintain, with a link, e.g. “Built evm-trace-decoder, used by 300 repositories.”',
      })
    }
    if (!FIRST_GRANT.test(text)) {
      const mentions = [...text.matchAll(GRANT)]
      if (mentions.length === 0) {
        findings.push({
          ...where,
          message: `${place} does not mention prior grants.`,
          hint: 'List your prior grants with their outcome (“Lumen Builders Fund 2025: 8,000 USDC, all 3 milestones delivered on time”), or say plainly that this is your first grant.',
        })
      } else if (!mentions.some((m) => GRANT_OUTCOME.test(text.slice(m.index, m.index + OUTCOME_WINDOW)))) {
        findings.push({
          ...where,
          message: `${place} mentions prior grants but not their outcomes.`,
          hint: 'Say how each grant ended: milestones delivered, on time or not, and link the final report, e.g. “all 3 milestones delivered on time; report at https://…”.',
        })
      }
    }
    return findings
  },
}

// ---------------------------------------------------------------------------------------------
// 9. solo-scope

const SOLO = /\b(?:solo|sole (?:developer|founder|maintainer|contributor|engineer)|single[- ](?:developer|maintainer|contributor|person|engineer)|one[- ]person|one[- ](?:wo)?man|I(?:'m|’m| am) the only|only (?:developer|engineer|team member)|just me|by myself|on my own)\b/i
/** “I” as the subject of a sentence: “I built”, “I'm”, “I have”. */
const I_SUBJECT = /(?:^|[\s(“"])I(?:'m|’m|'ve|’ve|'ll|’ll|\s+[a-z])/m
const TEAM_SIZE_FIELD = /team.?size|team.?members?.?(?:count|number)|(?:number|count).?of.?(?:team.?)?(?:members|people|developers)|headcount/i
/** A time commitment: “full-time”, “part-time”, “20 hours a week”, “30 h/week”. */
const TIME_COMMITMENT = /\b(?:full[- ]?time|part[- ]?time|\d{1,3}(?:[ \t]?[-–][ \t]?\d{1,3})?[ \t]?(?:hours?|hrs?|h)[ \t]?(?:(?:per|a|each|every)[ \t]+week|\/[ \t]?(?:week|wk|w))\b|\d{1,3}[ \t]?h\/w\b)/i
/**
 * An argument that the scope fits one person: “the scope fits one person because …”, “one
 * developer can deliver it”, “I apply alone because …”, “I have shipped a comparable tool alone”.
 */
const SCOPE_ARGUMENT = /\b(?:scope\b[^.!?\n]{0,80}?\b(?:fits?|suits?|is (?:small|narrow|focused|manageable|realistic|sized)|(?:one|a single) (?:person|developer|engineer))|(?:fits?|suits?|manageable (?:by|for)|realistic for|doable (?:by|for)|within reach of) (?:one|a single) (?:person|developer|engineer)|(?:one|a single) (?:person|developer|engineer) can\b|(?:applying|apply|work(?:ing)?|build(?:ing)?) (?:this )?alone because|(?:comparable|similar|of (?:this|that|the same|similar) (?:size|scope))\b[^.!?\n]{0,80}?\balone\b|\balone\b[^.!?\n]{0,80}?\b(?:comparable|similar|of (?:this|that|the same|similar) (?:size|scope))\b)/i
const SCOPE_TITLE = /\b(?:scope|capacity|availability|commitment|solo|why me)\b/i
/** First-person plural: the writer speaks for a team. */
const WE = /\b(?:we|we're|we’re|we've|we’ve|our|ours|us)\b/i
/** Words that name a co-worker in prose. */
const CO_WORKER = /\b(?:co-?founders?|partners?|colleagues?|teammates?|together with|alongside|my (?:team|co-?\w+)|with (?:the help of|help from))\b/i

/**
 * How many people the profiles linked in a text belong to, at least: the most distinct accounts
 * on one site (a person has one GitHub and one X account, often spelled differently).
 */
function profilePeople(text: string): number {
  const bySite = new Map<string, Set<string>>()
  for (const url of linksIn(text)) {
    if (linkKind(url) !== 'profile') continue
    const m = /^https?:\/\/(?:www\.)?([^/?#:]+)(?::\d+)?\/(?:in\/)?@?([\w.-]+)/i.exec(url)
    if (!m) continue
    const site = m[1]!.toLowerCase()
    if (!bySite.has(site)) bySite.set(site, new Set())
    bySite.get(site)!.add(m[2]!.toLowerCase())
  }
  return Math.max(0, ...[...bySite.values()].map((owners) => owners.size))
}

type TeamKind = 'solo' | 'team' | 'unknown'

function teamKind({ doc, fields }: RuleContext, sections: readonly Section[]): TeamKind {
  for (const [name, value] of Object.entries(fields)) {
    if (!TEAM_SIZE_FIELD.test(name)) continue
    const size = /^\s*(\d+|one)\b/i.exec(value)?.[1]
    if (size !== undefined) return size.toLowerCase() === 'one' || Number(size) === 1 ? 'solo' : 'team'
  }
  const blocks = sectionBlocks(doc, sections)
  const prose = proseOf(blocks)
  if (SOLO.test(prose)) return 'solo'
  const people = rosterItems(sections).length
  if (people === 1 && I_SUBJECT.test(doc.source)) return 'solo'
  if (people > 1) return 'team'
  // A prose team section written as “I” by one person, naming no one else: “I'm Rafael, …”.
  if (people === 0 && I_SUBJECT.test(prose) && !WE.test(prose) && !CO_WORKER.test(prose)) {
    // Two accounts on one site (two GitHub profiles) name a second person.
    if (profilePeople(blocks.map((block) => block.text).join('\n')) <= 1) return 'solo'
  }
  return 'unknown'
}

export const soloScope: Rule = {
  id: 'solo-scope',
  title: 'Solo scope explained',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'A solo applicant (the team section says so, lists one person or is written as “I” naming no one else, or a team-size field is 1) explains why the scope fits one person: a time commitment (full-time, part-time, hours per week) or a scope argument (“the scope fits one person because …”). Past work alone is no justification.',
  check(context: RuleContext): RuleFinding[] {
    const { doc } = context
    const team = topicSections(context.doc, 'team')
    if (teamKind(context, team) !== 'solo') return []
    const explaining = [...team, ...topicSections(doc, 'timeline'), ...sectionsTitled(doc, SCOPE_TITLE)]
    const text = proseOf(sectionBlocks(doc, explaining))
    if (TIME_COMMITMENT.test(text) || SCOPE_ARGUMENT.test(text)) return []
    return [{
      ...headingOf(team),
      message: 'You apply alone, but the pitch does not explain why the scope fits one person.',
      hint: 'In the team section, say how many hours a week you will work on it and why one person can deliver this scope, e.g. “I work on it full-time (40 hours per week); I have shipped two SDKs of this size alone.”',
    }]
  },
}

// ---------------------------------------------------------------------------------------------
// 10. prior-project-linked

const SHIPPED = /\b(?:built|shipped|completed|launched|maintain\w*|created|authored|delivered|developed|wrote|released|published|deployed|live|report)\b/i

export const priorProjectLinked: Rule = {
  id: 'prior-project-linked',
  title: 'Completed prior project linked',
  severity: 'warning',
  description: 'The team or prior-work sections link at least one completed prior project: a repository (github.com/owner/repo), a published package, or a deployed app or report next to “built”, “shipped”, “completed” … A profile link alone does not count.',
  check({ doc, fields }: RuleContext): RuleFinding[] {
    const sections = topicSections(doc, 'team', 'priorWork')
    const fieldText = sections.length === 0 ? teamFieldText(fields) : ''
    if (sections.length === 0 && fieldText.trim() === '') {
      return [{
        ...DOCUMENT_START,
        message: 'The pitch has no team or prior-work section, so no completed prior project is linked.',
        hint: 'Add a “## Team” section that links at least one project you finished, e.g. “Built [lumen-faucet](https://github.com/ada/lumen-faucet), used by 40 teams.”',
      }]
    }
    // The pitched project's own repository is not prior work.
    const own = new Set<string>()
    for (const value of Object.values(fields)) for (const url of linksIn(value)) if (linkKind(url) === 'repository') own.add(repoKey(url))
    for (const block of sectionBlocks(doc, topicSections(doc, 'solution', 'deliverables', 'milestones'))) {
      for (const url of linksIn(block.text)) if (linkKind(url) === 'repository') own.add(repoKey(url))
    }
    const candidates = sentencesOf(sectionBlocks(doc, sections)).map((s) => s.raw)
    if (fieldText) candidates.push(...sentences(fieldText))
    let profiles = 0
    for (const sentence of candidates) {
      const shipped = SHIPPED.test(stripInline(sentence))
      for (const url of linksIn(sentence)) {
        const kind = linkKind(url)
        if (kind === 'profile') profiles++
        else if (shipped || (kind === 'repository' && !own.has(repoKey(url)))) return []
      }
    }
    return [{
      ...(sections[0] ? sectionPosition(sections[0]) : DOCUMENT_START),
      message: profiles > 0
        ? 'The team links profiles only: a profile shows who you are, not a completed project.'
        : 'No completed prior project is linked in the team or prior-work sections.',
      hint: 'Link at least one project you finished next to what it is, e.g. “Built [lumen-faucet](https://github.com/ada/lumen-faucet), used by 40 teams” – a repository, a deployed app or a grant’s final report.',
    }]
  },
}

// ---------------------------------------------------------------------------------------------
// 11. kpis-measurable

const MONTH = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?'
const DATE = new RegExp(
  `\\b(?:(?:${MONTH})\\.?\\s+(?:\\d{1,2}(?:st|nd|rd|th)?,?\\s+)?\\d{4}` +
    `|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${MONTH})\\.?(?:\\s+\\d{4})?` +
    `|(?:by|before|until|in|end of)\\s+(?:the\\s+end\\s+of\\s+)?(?:${MONTH}|\\d{4}|Q[1-4]|H[12])` +
    `|[QH][1-4]\\s*\\d{4}|\\d{4}-\\d{2}(?:-\\d{2})?)\\b`,
  'i',
)
/**
 * A date relative to the project: “by month 6”, “in week 8”, “within 3 months of launch”,
 * “within 8 weeks”, “6 months after release”, “by the end of month 4”.
 */
const RELATIVE_DATE = /\b(?:(?:by|in|before|until|after|from|end of)\s+(?:the\s+end\s+of\s+)?(?:month|week|quarter|year|day|milestone)\s+\d{1,3}|(?:within|in|after)\s+(?:the\s+first\s+)?\d{1,3}\s+(?:days?|weeks?|months?|years?|quarters?)|\d{1,3}\s+(?:days?|weeks?|months?|years?)\s+(?:after|from|of|post)\s+(?:the\s+)?(?:launch|release|delivery|start|kick-?off|mainnet|completion|the grant))\b/i
const PERCENT = /\d\s*(?:%|percent\b|pct\b)/i
/** A number followed by a unit or a noun: “1,000 weekly downloads”, “5 minutes”, “$5k TVL”, “10x”. */
const NUMBER_WITH_UNIT = /(?<![A-Za-z\d.,-])[$€£]?\d[\d,.]*(?:\s*[kKmMbB](?![A-Za-z]))?\+?\s*(?:[A-Za-z$€£]{2,}|(?:a|\/)\s*[A-Za-z]{2,}|x\b|[smh]\b)/
/** A number that is not part of a name (“M1”, “v2”, “ERC-20”): in a table row the KPI's column names its unit. */
const BARE_NUMBER = /(?<![A-Za-z\d.,-])\d/

/** A KPI as quoted in a message: without its list marker or task box; a table row's cells joined by colons. */
function kpiLabel(text: string): string {
  const cells = text
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '')
    .replace(/^\s*\||\|\s*$/g, '')
    .split('|')
    .map((cell) => cell.trim())
    .filter(Boolean)
  return quote(cells.join(': '), 80)
}

/** Whether a KPI can be checked: a number with a unit, a percentage or a date. */
export function isMeasurable(text: string): boolean {
  const plain = stripInline(text)
  return PERCENT.test(plain) || DATE.test(plain) || RELATIVE_DATE.test(plain) || NUMBER_WITH_UNIT.test(plain)
}

export const kpisMeasurable: Rule = {
  id: 'kpis-measurable',
  title: 'Measurable KPIs',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'A KPI section exists and each KPI (list item, table row, or sentence) has a number with a unit, a percentage or a date.',
  check({ doc }: RuleContext): RuleFinding[] {
    const sections = topicSections(doc, 'kpis')
    if (sections.length === 0) {
      return [{
        ...DOCUMENT_START,
        message: 'The pitch has no KPI section: reviewers cannot tell how success will be measured.',
        hint: 'Add a “## KPIs” section with two or three numbers and dates you will report, e.g. “- 200 weekly active developers by June 2027”.',
      }]
    }
    // Lists (or else tables) hold the KPIs; an introducing paragraph is not one.
    const nodes = sections.flatMap((section) => section.nodes)
    const items: Array<{ node: Nodes; text: string; row?: boolean }> = []
    for (const node of nodes) if (node.type === 'list') for (const item of node.children) items.push({ node: item, text: sourceOf(doc, item) })
    if (items.length === 0) {
      for (const node of nodes) if (node.type === 'table') items.push(...collectBlocks(doc, [node]).map((row) => ({ ...row, row: true })))
    }
    if (items.length === 0) {
      for (const sentence of sentencesOf(collectBlocks(doc, nodes))) items.push({ node: sentence.block.node, text: sentence.raw })
    }
    if (items.length === 0) {
      return [{
        ...sectionPosition(sections[0]!),
        message: `The section ${named(sections[0], 'on KPIs')} lists no KPI.`,
        hint: 'List two or three numbers and dates you will report, e.g. “- 200 weekly active developers by June 2027”.',
      }]
    }
    return items
      .filter((item) => !isMeasurable(item.text) && !(item.row && BARE_NUMBER.test(stripInline(item.text))))
      .map((item) => ({
        ...nodePosition(item.node),
        message: `“${kpiLabel(item.text)}” is not measurable: it has no number with a unit, no percentage and no date.`,
        hint: 'Give each KPI a target reviewers can check: a count with its unit, a percentage or a date (“by June 2027”, “by month 6”), e.g. “1,000 weekly npm downloads within 3 months of launch”.',
      }))
  },
}

export const CONTENT_RULES: Rule[] = [
  problemStatement,
  problemQuantified,
  techStack,
  ecosystemFeatures,
  ecosystemWhy,
  ecosystemMultiplier,
  programPriorities,
  teamLinks,
  teamPriorWork,
  soloScope,
  priorProjectLinked,
  kpisMeasurable,
]
