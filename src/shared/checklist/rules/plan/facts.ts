/** Facts shared by the plan rules, read once per parsed document: the milestones, the budget, contract work. */
import { stripInline, type PitchDocument, type Section } from '../../parse'
import type { Position } from '../../types'
import { textBlocks } from '../../line-blocks'
import { memoized } from '../../memo'
import { withoutComments } from './text'
import type { Milestone } from './milestones'
import { type Plan, readPlan } from './units'
import type { Budget } from './budget'
import { type Costs, readCosts } from './costs'

interface ContractWork {
  /** The words that show it: "Solidity", "smart contract", "lending pool contracts". */
  evidence: string
  position: Position
}

/**
 * Why a finding applies to contract work: "the pitch mentions “Solidity”". No line number in
 * the text: positions are the finding's, and the CLI and the editor show them in their own terms
 * (lines of the file, not of the pitch).
 */
export function contractReason(contract: ContractWork): string {
  return `the pitch mentions “${contract.evidence}”`
}

interface Facts {
  plan?: Plan
  costs?: Costs
  contract?: ContractWork | null
  clean?: string
}

const CACHE = new WeakMap<PitchDocument, Facts>()

function facts(doc: PitchDocument): Facts {
  let f = CACHE.get(doc)
  if (!f) {
    f = {}
    CACHE.set(doc, f)
  }
  return f
}

export function cleanSource(doc: PitchDocument): string {
  const f = facts(doc)
  f.clean ??= withoutComments(doc.source)
  return f.clean
}

/** The plan's units and its section, wherever the pitch writes them (see units.ts). */
export function milestonePlan(doc: PitchDocument): { section: Section | null; milestones: Milestone[]; how: Plan['how'] } {
  const f = facts(doc)
  f.plan ??= readPlan(doc)
  return { section: f.plan.section, milestones: f.plan.units, how: f.plan.how }
}

/** What the work costs, wherever the pitch says it (see costs.ts). */
export function costsOf(doc: PitchDocument): Costs {
  const f = facts(doc)
  if (!f.costs) {
    const plan = milestonePlan(doc)
    f.costs = readCosts(doc, plan.milestones, plan.section)
  }
  return f.costs
}

/** The budget section and the budget read from it or from elsewhere, with the pitch's total. */
export function budgetPlan(doc: PitchDocument): { section: Section | null; budget: Budget | null } {
  const costs = costsOf(doc)
  return { section: costs.section, budget: costs.budget ? { ...costs.budget, total: costs.total } : null }
}

/** Audience words: "smart contract developers" are who the work is for, not what it builds. */
const AUDIENCE = '(?!\\s+(?:developers?|devs?|engineers?|authors?|teams?|auditors?|users?|ecosystem|communit(?:y|ies)|languages?|ABIs?))'
const CONTRACT_KINDS =
  '(?:pool|lending|vault|auction|token|escrow|marketplace|governance|staking|swap|amm|dex|nft|bridge|factory|treasury|oracle|registry|multisig|router)'
const CONTRACT_WORK: readonly RegExp[] = [
  new RegExp(`\\b(?:solidity|vyper|cosmwasm)\\b${AUDIENCE}`, 'gi'),
  new RegExp(`\\bCairo\\b${AUDIENCE}`, 'g'),
  /\b(?:in|with|using|written in) Move\b|\bMove (?:language|modules?|contracts?|packages?|VM)\b/g,
  new RegExp(`\\bsmart[- ]contracts?\\b${AUDIENCE}`, 'gi'),
  /\b(?:on[- ]?chain|solana|anchor) programs?\b/gi,
  /\bdeploy(?:s|ed|ing|ment)?\b[^.\n|]{0,40}?\bcontracts?\b/gi,
  /\bcontracts?\s+(?:address(?:es)?|deployed|deployment)\b/gi,
  /\bcontracts?\b[^.\n|]{0,20}?\b0x[0-9a-f]{8,}/gi,
  // "lending pool contracts", "Auction contracts", "ERC-20 token contract"
  new RegExp(`\\b(?:[\\w-]{1,20} )?${CONTRACT_KINDS}s?[ -]contracts?\\b${AUDIENCE}`, 'gi'),
  // "The vault is deployed to testnet": only a contract kind counts, since subgraphs, front-ends
  // and nodes are deployed to testnet too.
  new RegExp(
    `\\b${CONTRACT_KINDS}s?\\b[^.\\n|]{0,30}?\\bdeploy(?:s|ed|ing)?\\b[^.\\n|]{0,20}?\\b(?:to|on)\\s(?:the\\s)?(?:[\\w-]{1,20}\\s)?(?:mainnet|testnet)\\b`,
    'gi',
  ),
  /\b(?:Foundry|Hardhat|Truffle|Anchor framework|ink!)(?=[\s.,;:)]|$)/g,
  /\b(?:in|with|using|written in) (?:Clarity|Sway|Tact|ink!)(?=[\s.,;:)]|$)|\b(?:Clarity|Sway|Tact) (?:smart )?(?:contracts?|programs?|language)\b/g,
]
/**
 * What each pattern of CONTRACT_WORK cannot match without (its words past the optional ones), by
 * index: a cheap test of the whole text that skips the pattern when it fails. Same flags.
 */
const NEEDS: ReadonlyArray<RegExp | readonly RegExp[] | undefined> = [
  undefined,
  undefined,
  undefined,
  undefined,
  undefined,
  undefined,
  undefined,
  undefined,
  // "contract" first: the alternation of kinds is tried at every character, the word alone is found much faster.
  [/contract/i, new RegExp(`${CONTRACT_KINDS}s?[ -]contracts?\\b`, 'i')],
  /\b(?:mainnet|testnet)\b/i,
  undefined,
  /Clarity|Sway|Tact|ink!/,
]
/**
 * What every pattern of CONTRACT_WORK cannot match without (one of its words, case aside): one
 * scan that rules out all twelve on a text mentioning none, such as a pasted image's base64 line.
 */
const CONTRACT_WORDS = /solidity|vyper|cosmwasm|cairo|move|contract|program|deploy|foundry|hardhat|truffle|anchor framework|ink!|clarity|sway|tact/i
const NEGATION = /\b(?:no|not|without|never|none|nor)\b|n't\b/i
/** A mention in a comparison is about other chains, not this work: "unlike chains where …", "instead of deploying …". */
const COMPARISON =
  /\b(?:unlike|instead of|rather than|compared (?:to|with)|other (?:chains|networks|ecosystems|L1s|L2s|protocols)|elsewhere|no need (?:for|to)|avoids?|avoiding)\b/i
/** "No new contracts are deployed", "Walletkit deploys no contracts", "there are no contracts", "off-chain code only". */
const NO_CONTRACTS =
  /\bno (?:new |smart |on-?chain )?contracts? (?:are|is|will be|get|gets) (?:deployed|written|needed|required|involved|changed)|\bdeploys? no (?:new |smart )?contracts?|\bthere (?:are|is) no (?:new |smart |on-?chain )?contracts?|\b(?:involves?|includes?|requires?|needs?) no (?:new |smart |on-?chain )?contracts?|\boff-?chain (?:code |work )?only\b|\bonly off-?chain\b/i

/** Whether the work includes smart contracts, and the first words that say so (negated or compared mentions do not count). */
export function contractWork(doc: PitchDocument): ContractWork | null {
  const f = facts(doc)
  if (f.contract !== undefined) return f.contract
  const text = cleanSource(doc)
  // In a lint session, block by block (see contractChunks), each block's answer kept by its text.
  let found: { offset: number; first: Mention } | null = null
  let noContracts: () => boolean
  if (doc.memo) {
    const chunks = contractChunks(doc, text)
    for (const chunk of chunks) {
      const first = memoized(doc, 'contract-mention', chunk.text, firstMention)
      if (first) {
        found = { offset: chunk.offset, first }
        break
      }
    }
    noContracts = () => chunks.some((chunk) => memoized(doc, 'no-contracts', chunk.text, saysNoContracts))
  } else {
    const first = firstMention(text)
    if (first) found = { offset: 0, first }
    noContracts = () => saysNoContracts(text)
  }
  // "No new contracts are deployed" anywhere outweighs any mention (checked last: most pitches mention none).
  if (!found || noContracts()) return (f.contract = null)
  const index = found.offset + found.first.index
  const line = text.slice(0, index).split('\n').length
  const column = index - text.lastIndexOf('\n', index - 1)
  const evidence = stripInline(found.first.text).replace(/\s+/g, ' ').trim()
  f.contract = { evidence, position: { line, column, endLine: line, endColumn: column + found.first.text.length } }
  return f.contract
}

interface Mention {
  readonly index: number
  readonly text: string
}

/** The first mention of contract work in a text that is not negated or a comparison: a pure function of the text. */
function firstMention(text: string): Mention | null {
  let first: Mention | null = null
  if (!CONTRACT_WORDS.test(text)) return first
  for (const [p, pattern] of CONTRACT_WORK.entries()) {
    // A pattern's necessary part absent: no match, and no scan with the whole pattern (which
    // tries its optional words at every word of the text).
    const needs = NEEDS[p]
    if (needs && !(Array.isArray(needs) ? needs.every((need: RegExp) => need.test(text)) : (needs as RegExp).test(text))) continue
    for (const m of text.matchAll(pattern)) {
      const index = m.index ?? 0
      if (first && index >= first.index) break
      const before = text.slice(Math.max(0, index - 40), index)
      const clause = before.split(/[.!?;\n]/).pop() ?? ''
      if (NEGATION.test(clause) || NEGATION.test(m[0])) continue
      const sentence =
        text
          .slice(Math.max(0, index - 120), index)
          .split(/[.!?;\n]/)
          .pop() ?? ''
      if (COMPARISON.test(sentence) || COMPARISON.test(m[0])) continue
      first = Object.freeze({ index, text: m[0] })
      break
    }
  }
  return first
}

function saysNoContracts(text: string): boolean {
  return NO_CONTRACTS.test(stripInline(text))
}

/**
 * The clean text cut into blocks for a lint session, such that `firstMention` and
 * `saysNoContracts` of the whole text follow from those of its blocks: the first block with a
 * mention has the first mention, and the text says "no contracts" where a block does. A block
 * starts at the start of a line after a blank line, which no pattern's match crosses and which
 * every context read stays within: the patterns' context (the clause before a match) ends at a
 * line break, NO_CONTRACTS and stripInline's patterns never span a line break, and the only
 * patterns that read across whitespace of any length (`contracts? address`, and the audience
 * words after a match) are kept whole by not cutting where the next block opens with one of
 * their words. Matches never start at whitespace, so each block's matches are the whole text's.
 */
function contractChunks(doc: PitchDocument, text: string): ReadonlyArray<{ offset: number; text: string }> {
  // The blocks of line-blocks.ts (cut after each blank line, the same after an edit as before
  // it), joined where the next one opens with such a word. Most chunks are one block, whose text
  // is the string the memo keeps its answer under.
  const chunks: Array<{ offset: number; text: string }> = []
  for (const block of textBlocks(doc, text)) {
    ACROSS_BLANK_LINES.lastIndex = block.offset
    const last = chunks[chunks.length - 1]
    if (last && ACROSS_BLANK_LINES.test(text)) last.text += block.text
    else chunks.push({ offset: block.offset, text: block.text })
  }
  return chunks
}

/** The words a match (or an audience check) may reach across blank lines: a superset of AUDIENCE's and `contracts? address`'s. */
const ACROSS_BLANK_LINES = /\s*(?:dev|engineer|author|team|auditor|user|ecosystem|communit|language|abi|address|deploy)/iy

/** Whether the pitch states what the work costs anywhere: items, a total, amounts per milestone, hours × rate. */
export function budgetStated(doc: PitchDocument): boolean {
  return costsOf(doc).stated
}
