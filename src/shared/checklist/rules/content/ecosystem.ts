/** The ecosystem rules: features used, why this ecosystem, the multiplier effect for other developers, the program's priorities. */
import { memoized } from '../../memo'
import { stripInline } from '../../parse'
import { sentences } from '../../text'
import { DOCUMENT_START } from '../../topics'
import type { Rule, RuleContext, RuleFinding } from '../../types'
import { type Sentence, collectBlocks, headingOf, mayHoldWord, named, quote, sectionBlocks, sectionsTitled, sentencesOf, topicSections } from './read'
import { findTechnology } from './tech-stack'

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
  description:
    'The solution or ecosystem section names the ecosystem features it uses: an RPC, API, SDK, standard (ERC-20), precompile, registry, oracle, bridge or faucet, or a sentence saying it uses or builds on a named feature.',
  check({ doc }: RuleContext): RuleFinding[] {
    const sections = topicSections(doc, 'solution', 'ecosystem')
    if (sections.length === 0) {
      return [
        {
          ...DOCUMENT_START,
          severity: 'info',
          message: 'The pitch has no technical solution or ecosystem section, so it names no ecosystem feature it uses.',
          hint: 'Add a “## Technical solution” section that names the chain’s features you rely on, e.g. “It uses the v2 tracing RPC, the on-chain ABI registry and the testnet faucet.”',
        },
      ]
    }
    if (sentencesOf(sectionBlocks(doc, sections)).some(namesEcosystemFeature)) return []
    return [
      {
        ...headingOf(sections),
        message: `No ecosystem feature is named in ${sections.map((section) => named(section, '')).join(' or ')}: reviewers cannot tell what of the ecosystem the project uses.`,
        hint: 'Name the features you build on, e.g. “It uses three Arcadia features: the v2 tracing RPC, the on-chain ABI registry and the testnet faucet.”',
      },
    ]
  },
}

// ---------------------------------------------------------------------------------------------
// 5. ecosystem-why

/** Words that give a reason: “because”, “specifically”, “unlike”, “thanks to”, “for its”. */
const WHY = /\b(?:why|because|specifically|unlike|no other|thanks to|due to|since its|as its|for its|(?:the )?only\b)/i
/** A comparison with other ecosystems, which makes any reason specific. */
const COMPARISON =
  /\b(?:unlike|no other|any other|(?:on|than|from|to|with) other (?:chains?|ecosystems?|networks?|L[12]s?|blockchains?|EVM chains?|rollups?|platforms?)|other (?:chains|ecosystems|networks|L[12]s|blockchains|rollups) (?:lack|do not|don't|don’t|cannot|can't|can’t|would|need|require)|elsewhere|compared (?:to|with)|whereas|(?:the|is) only (?:\S+\s+){0,3}?(?:chain|network|ecosystem|L[12]|blockchain|platform|rollup|protocol)|only (?:\S+\s+){0,6}?(?:offers?|has|have|provides?|supports?|gives?|allows?|enables?))\b/i
/** Technical features and capabilities of a chain (not “fast”, “cheap” or “a great community”). */
const FEATURE_WORD =
  /\b(?:precompiles?|opcodes?|account[- ]abstraction|smart accounts?|paymasters?|bundlers?|sequencers?|runtimes?|virtual machines?|WASM|WebAssembly|consensus|finality|standards?|modules?|native(?:ly)?|on-chain|registry|registries|oracles?|bridges?|light clients?|state[- ](?:proofs?|commitments?)|commitments?|manifests?|automation|keepers?|identity|zk\w*|rollups?|data availability|sharding|parachains?|subnets?|hooks?|permits?|storage|indexing|tracing|ABIs?|RPCs?|APIs?|SDKs?|contract specs?|specs?)\b/i
/** Names of features and standards as written: “EVM”, “MoveVM”, “ERC-4337”, “ARC-42”. */
const FEATURE_NAME = /\b(?:[A-Z][A-Za-z]{0,5})?VMs?\b|\b[A-Z]{2,}[- ]?\d+\b/
/** A capability: “its X lets / allows / enables / makes … possible”. */
const CAPABILITY = /\bits\s+(?:[\w-]+\s+){0,4}?(?:lets?|allows?|enables?|makes?|gives?|provides?|supports?|offers?|exposes?|stores?|runs?)\b/i
/** A user base or market in numbers: “2M accounts”, “400 active dApps”, “$300M TVL”. */
const USER_BASE =
  /(?<![A-Za-z\d.,-])[$]?\d[\d,.]*(?:[ \t]?[kKmMbB])?\+?[ \t]{1,3}(?:\w+[ \t]+){0,2}?(?:users?|accounts?|developers?|devs|dapps?|projects?|teams?|wallets?|transactions|TVL|validators?|holders?|contracts?)\b|\bTVL\b/i
/** The program's stated priorities, focus areas, RFP or round. */
const PROGRAM_PRIORITY = /\b(?:priorit(?:y|ies)|focus areas?|RFPs?|requests? for proposals?|(?:round|track|wishlist|wish list)\s+\d+)\b/i

/** Whether a sentence gives a reason specific to this ecosystem, not a generic one like “a great community”. */
function concreteReason(sentence: Sentence): boolean {
  const plain = sentence.plain
  return (
    COMPARISON.test(plain) ||
    FEATURE_WORD.test(plain) ||
    FEATURE_NAME.test(plain) ||
    CODE_SPAN.test(sentence.raw) ||
    CAPABILITY.test(plain) ||
    USER_BASE.test(plain) ||
    PROGRAM_PRIORITY.test(plain) ||
    findTechnology(plain) !== null
  )
}

/** Words after “Why” that name no ecosystem: “Why now”, “Why us”, “Why this matters”. */
const WHY_NOT_ECOSYSTEM =
  /^(?:now|us|me|we|it|this|these|that|our|my|the|a|an|today|here|so|fund|funding|grant|grants|matters?|it matters|should|does|is|are|do)$/i

/**
 * A heading that asks why this ecosystem: “Why Arcadia?”, “Why build on Lumen”, “Why this
 * ecosystem”, “Why this chain” – not “Why now” or “Why us”.
 */
export function isWhyEcosystemHeading(title: string): boolean {
  const m =
    /^\W*why\s+(?:(?:we|I)\s+(?:chose|choose|picked|pick|selected|prefer)\s+)?(?:(?:build(?:ing)?|deploy(?:ing)?|launch(?:ing)?)\s+(?:on|in)\s+)?(?:(this|the|our)\s+)?([\w.’'-]+)/i.exec(
      title,
    )
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
  description:
    'The ecosystem section answers why this ecosystem specifically with a concrete reason: a sentence with “because”, “specifically”, “unlike”, “only …” (or a subsection titled “Why <ecosystem>”) that names a feature or capability, a user base in numbers, the program’s priorities, or a comparison with other ecosystems. “A great community” alone is no reason.',
  check({ doc }: RuleContext): RuleFinding[] {
    const sections = topicSections(doc, 'ecosystem')
    // A subsection “Why Arcadia?” is the question; any concrete sentence in it is an answer.
    const whySections = sectionsTitled(doc, /^\W*why\b/i).filter((section) => isWhyEcosystemHeading(section.title))
    if (whySections.some((section) => sentencesOf(collectBlocks(doc, section.nodes)).some(concreteReason))) return []
    if (sections.length === 0 && whySections.length === 0) {
      return [
        {
          ...DOCUMENT_START,
          severity: 'info',
          message: 'The pitch has no ecosystem section, so it does not say why this ecosystem specifically.',
          hint: 'Add a “## Ecosystem alignment” section that says what this ecosystem offers that others don’t, e.g. “We build on Arcadia because its v2 tracing RPC makes exact replay possible, which no other chain offers.”',
        },
      ]
    }
    const reasons = sentencesOf(sectionBlocks(doc, sections)).filter((sentence) => WHY.test(sentence.plain))
    if (reasons.some(concreteReason)) return []
    const vague = reasons[0] ?? sentencesOf(sectionBlocks(doc, whySections))[0]
    const where = sections[0] ?? whySections[0]
    if (vague) {
      return [
        {
          ...headingOf(where ? [where] : []),
          message: `The section ${named(where, 'on the ecosystem')} gives no reason specific to this ecosystem: “${quote(vague.plain, 80)}” would fit any chain.`,
          hint: 'Name what this ecosystem offers that others don’t: a feature or capability you rely on, its user base in numbers, or the program’s stated priority, e.g. “We build on Arcadia because its v2 tracing RPC makes exact replay possible, which no other chain offers.”',
        },
      ]
    }
    return [
      {
        ...headingOf(where ? [where] : []),
        message: `The section ${named(where, 'on the ecosystem')} does not say why this ecosystem specifically.`,
        hint: 'Add a sentence on what this ecosystem offers that others don’t, e.g. “We build on Arcadia because its v2 tracing RPC makes exact replay possible, which no other chain offers.”',
      },
    ]
  },
}

// ---------------------------------------------------------------------------------------------
// 6. ecosystem-multiplier

const OTHERS_QUALIFIED =
  /\b(?:other|every|any|each|all|more|many|third[- ]party|external|downstream|\d[\d,]*\+?)\s+(?:[\w’'-]+\s+){0,2}?(?:developers?|devs|teams?|projects?|builders?|dapps?|protocols?|apps?|applications?|wallets?)\b/i
const OTHERS_PLAIN = /\b(?:developers|devs|builders|teams|projects|dapps|protocols|wallets)\b/i
/** What OTHERS_QUALIFIED and OTHERS_PLAIN cannot match without (no space in any: see mayHoldWord). */
const OTHERS_WORDS = /dev|team|project|builder|app|protocol|wallet/i
/**
 * “build … on”, “build … on top of” with up to ten words between, within one sentence and clause:
 * “other developers can build explorers and alerting bots on it”.
 */
const BUILD_ON = String.raw`(?:build(?:s|ing)?|built)(?:\s+[^\s.!?;:]+){0,10}?\s+on(?:\s+top\s+of)?`
const REUSE = new RegExp(
  String.raw`\b(?:re-?us\w*|uses?|using|used|${BUILD_ON}|benefit\w*|integrat\w*|adopt\w*|fork\w*|depend\w*\s+on|plug\w*\s+in|compos\w+|extend\w*|embed\w*|import\w*|install\w*|leverag\w+)\b`,
  'i',
)

export const ecosystemMultiplier: Rule = {
  id: 'ecosystem-multiplier',
  title: 'Multiplier effect explained',
  severity: 'info',
  appliesTo: ['grant'],
  description:
    'The pitch explains the multiplier effect for other developers: a sentence on other developers, teams, projects or builders reusing, integrating, building on or benefiting from the work (ecosystem and solution sections first, then the whole pitch).',
  check({ doc }: RuleContext): RuleFinding[] {
    const sections = topicSections(doc, 'ecosystem', 'solution')
    // Only blocks that name others can hold such a sentence (both OTHERS_ patterns need one of OTHERS_WORDS).
    const inSections = sentencesOf(sectionBlocks(doc, sections).filter((block) => mayHoldWord(block.text, OTHERS_WORDS)))
    if (inSections.some((s) => (OTHERS_QUALIFIED.test(s.plain) || OTHERS_PLAIN.test(s.plain)) && REUSE.test(s.plain))) return []
    // Elsewhere (KPIs, deliverables) only a clear “other teams” counts, not any mention of developers.
    const everywhere = sentencesOf(collectBlocks(doc, doc.root.children).filter((block) => mayHoldWord(block.text, OTHERS_WORDS)))
    if (everywhere.some((s) => OTHERS_QUALIFIED.test(s.plain) && REUSE.test(s.plain))) return []
    const ecosystem = topicSections(doc, 'ecosystem')
    return [
      {
        ...headingOf(ecosystem),
        message:
          ecosystem.length > 0
            ? `The section ${named(ecosystem[0], '')} does not explain the multiplier effect: how other developers or projects will reuse or build on the work.`
            : 'The pitch does not explain the multiplier effect: how other developers or projects will reuse or build on the work.',
        hint: 'Say who else benefits and how, with a number if you can, e.g. “Every Arcadia team can reuse the SDK: other developers can build explorers and alerting bots on it instead of writing their own decoder.”',
      },
    ]
  },
}

// ---------------------------------------------------------------------------------------------
// 6b. program-priorities

/** What a program states it funds: its priorities, focus areas, RFP, wishlist. */
const PRIORITY_WORD = /\b(?:priorit(?:y|ies)|focus areas?|RFPs?|requests? for (?:proposals?|projects?)|wish ?lists?|stated goals?|mandate)\b/i
/** Who states them: the program, fund, round, track, foundation … */
const PROGRAM_WORD =
  /\b(?:programs?|programmes?|funds?|rounds?|tracks?|grants?|foundation|council|committee|RFPs?|requests? for (?:proposals?|projects?)|initiative|sponsors?|ecosystem|DAO)\b/i
/** “Our priority”, “my top priority”, “a priority for us”: the applicant's own priorities. */
const OWN_PRIORITY = /\b(?:our|my|we|I)\s+(?:\w+\s+){0,2}?priorit(?:y|ies)\b|\bpriorit(?:y|ies) (?:for|to) (?:us|me)\b/i
/** The program's priorities by name: “the program's focus”, “the fund's stated goals”, “Round 7's theme”, an RFP. */
const PROGRAM_CALL =
  /\b(?:RFPs?|requests? for proposals?|focus areas?|(?:program|programme|fund|round|track|foundation|council|committee|grant)(?:'s|’s)?\s+(?:\d+(?:'s|’s)?\s+)?(?:\w+\s+){0,2}?(?:priorit(?:y|ies)|focus|themes?|mission|goals?|mandate|wish ?list))\b/i

/** Whether a sentence refers to the program's stated priorities rather than the applicant's own. */
export function refersToProgramPriorities(sentence: string): boolean {
  if (PROGRAM_CALL.test(sentence)) return true
  // “Security is our top priority for the grant” is about the applicant, not the program.
  return PRIORITY_WORD.test(sentence) && PROGRAM_WORD.test(sentence) && !OWN_PRIORITY.test(sentence)
}

/** Whether a block's text can hold a sentence that `refersToProgramPriorities`: each of its patterns needs one of these words. */
function mayReferToPriorities(text: string): boolean {
  return mayHoldWord(text, PRIORITY_KEYWORDS)
}
const PRIORITY_KEYWORDS = /priorit|focus|rfp|request|wish|goal|mandate|theme|mission/i

export const programPriorities: Rule = {
  id: 'program-priorities',
  title: 'Program priorities referenced',
  severity: 'info',
  appliesTo: ['grant'],
  description:
    'The pitch references the program’s stated priorities: a sentence naming the program’s (fund’s, round’s, track’s) priority, focus area, theme or RFP that the project answers. Out-of-scope is among the most frequent rejection reasons.',
  check({ doc, fields }: RuleContext): RuleFinding[] {
    // Block by block (each block's answer kept by an incremental session: see memo.ts).
    const inBlock = (text: string) => mayReferToPriorities(text) && sentences(text).some((sentence) => refersToProgramPriorities(stripInline(sentence)))
    if (collectBlocks(doc, doc.root.children).some((block) => memoized(doc, 'program-priorities', block.text, inBlock))) return []
    if (Object.values(fields).some((value) => sentences(value).some(refersToProgramPriorities))) return []
    const ecosystem = topicSections(doc, 'ecosystem')
    const where = ecosystem.length > 0 ? ecosystem : sectionsTitled(doc, /^\W*why\b/i).filter((section) => isWhyEcosystemHeading(section.title))
    return [
      {
        ...headingOf(where),
        message:
          where.length > 0
            ? `The section ${named(where[0], '')} does not reference the program’s stated priorities: reviewers cannot tell which of them the project serves.`
            : 'The pitch does not reference the program’s stated priorities: reviewers cannot tell which of them the project serves.',
        hint: 'Quote the priority, focus area or RFP of the grant you answer and say how the project serves it, e.g. “Tracekit answers the program’s stated priority “debugging and observability”.” The grant’s description lists them.',
      },
    ]
  },
}
