/** The checklist linter: the spec's pitch guidance (§1) as rules. Pure: no I/O, no DOM. */
export { lint, summarize, type LintResult, type Summary } from './lint'
export { ALL_RULES } from './rules'
export { REVIEW_RULE_IDS } from './rules/review'
export { parsePitch, type PitchDocument, type Section } from './parse'
export { labelSections, sectionProgress, type SectionProgress } from './progress'
export type { Finding, GrantContext, GuidancePart, LintInput, Rule, RuleContext, RuleFinding, Severity } from './types'
export { SEVERITIES } from './types'
export { draftLintInput, type DraftForLint } from './draft-input'
