/** The audit plan rule for contract work. */
import { stripInline, type PitchDocument } from '../../parse'
import { sentences } from '../../text'
import type { Rule, RuleContext, RuleFinding } from '../../types'
import { cleanSource, contractReason, contractWork } from './facts'

const AUDIT_WORD = /\b(?:audit\w*|security review|security assessment)\b/i
const AUDIT_WHEN =
  /\b(?:before|prior to|ahead of|after|during|once|in (?:milestone|phase|week|month)|milestones?|phases?|M\d+|weeks?|months?|Q[1-4]|mainnet|launch|release|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|20\d\d)\b/i
const AUDIT_WHO =
  /\bby (?:an? |the )?(?:independent |external |third[- ]party |reputable )?[\w-]+|\b(?:auditors?|audit firms?|firms?|OpenZeppelin|Trail of Bits|CertiK|Halborn|Spearbit|Code4rena|Sherlock|Cantina|Zellic|Consensys Diligence|Quantstamp|Runtime Verification|Hacken|OtterSec|Veridise|Cyfrin|Immunefi|contest|bug bounty)\b/i

/** "No audit is planned", "without an audit", "the audit is not budgeted". */
const NEGATED_AUDIT =
  /\b(?:no|not|without|never|nor|skip\w*|forgo\w*)\b[^.;:\n]{0,30}?\b(?:audit\w*|security review)|\b(?:audit\w*|security review)\b[^.;:\n]{0,30}?\b(?:is|are|will|would|was|has been)\s(?:not|never)\b|\b(?:audit\w*|security review)\b[^.;:\n]{0,30}?\b(?:isn't|aren't|won't|wouldn't)\b/i
/** "An audit after launch if TVL grows", "we may consider an audit later": not a plan for the code that ships. */
const LATER_AUDIT =
  /\b(?:after|post)[- ](?:the )?(?:launch|mainnet|release|deployment|go-live)\b|\bif\b[^.;\n]{0,40}?\b(?:grows?|needed|necessary|funds?|funding|successful|traction|tvl|budget)\b|\b(?:may|might|could|consider\w*|look into|eventually|someday|in the future|later on)\b/i
const BEFORE_RELEASE = /\b(?:before|prior to|ahead of)\b/i

/** A sentence (or line of a table) that says an audit happens, and when or by whom; negated, after-launch or conditional audits do not count. */
export function hasAuditPlan(doc: PitchDocument): boolean {
  for (const line of cleanSource(doc).split('\n')) {
    if (!AUDIT_WORD.test(line)) continue
    for (const sentence of sentences(stripInline(line))) {
      if (!AUDIT_WORD.test(sentence) || NEGATED_AUDIT.test(sentence)) continue
      if (LATER_AUDIT.test(sentence) && !BEFORE_RELEASE.test(sentence)) continue
      if (AUDIT_WHEN.test(sentence) || AUDIT_WHO.test(sentence)) return true
    }
  }
  return false
}

export const auditPlan: Rule = {
  id: 'audit-plan',
  title: 'Audit plan for contract work',
  severity: 'warning',
  description:
    'When the work includes smart contracts (Solidity, Vyper, Move, Cairo, deployed contracts), the pitch plans an audit: who reviews the contracts, and when.',
  check({ doc }: RuleContext): RuleFinding[] {
    const contract = contractWork(doc)
    if (!contract || hasAuditPlan(doc)) return []
    return [
      {
        ...contract.position,
        message: `The work includes smart contracts, because ${contractReason(contract)}, but the pitch has no audit plan saying who audits them and when.`,
        hint: 'Add a “## Audit plan” section, e.g. “The contracts are audited by an independent firm in milestone 3, before the mainnet deployment; high findings are fixed and re-reviewed.”, and budget the audit.',
      },
    ]
  },
}
