/**
 * Which parts of the guidance a grant asks for, when the grant is known. A bounty asks for no
 * budget and no milestones; a grant's template (`template_md`) asks for what it names anywhere
 * (a heading, a label, a table header, a hint). When nothing is known of the grant, every part
 * is asked for: the seed's guidance applies in full.
 */
import type { GrantContext, GuidancePart } from './types'

/** Words by which a template asks for each part. */
const ASKS: Record<GuidancePart, RegExp> = {
  budget: /\b(?:budgets?|costs?|costing|funding|financ\w*|pric\w*|amounts?|payments?|expenses?|fees?|rates?|usd|tranches?)\b|\$/i,
  milestones: /\b(?:milestones?|phases?|stages?|sprints?|tranches?|work ?packages?|roadmap|timeline|schedule|deliverables?|work ?plan|plan)\b/i,
  team: /\b(?:team|people|about (?:us|you|me)|who (?:we|you) are|founders?|contributors?|members?|experience|applicants?|authors?)\b/i,
  problem: /\b(?:problems?|challenges?|motivation|background|pain|gap|overview|abstract|description|summary|introduction|why)\b/i,
}

const CACHE = new Map<string, ReadonlySet<GuidancePart>>()

/** The parts a template names anywhere in its text (a headings-only template names them in its headings). */
function templateParts(template: string): ReadonlySet<GuidancePart> {
  let parts = CACHE.get(template)
  if (!parts) {
    // The template's whole text, its hints included: "<!-- Costs per milestone -->" asks for costs.
    parts = new Set((Object.keys(ASKS) as GuidancePart[]).filter((part) => ASKS[part].test(template)))
    if (CACHE.size > 20) CACHE.clear()
    CACHE.set(template, parts)
  }
  return parts
}

/**
 * Whether the grant asks for a part: false only when the grant is known not to (a bounty's
 * budget or milestones, a part its template never names), with the reason for the note.
 */
export function grantAsks(grant: GrantContext, part: GuidancePart): { asked: true } | { asked: false; why: string } {
  if (grant.type === 'bounty' && (part === 'budget' || part === 'milestones')) {
    return { asked: false, why: 'the grant is a bounty, which asks for no budget or milestones' }
  }
  if (grant.template !== undefined && grant.template.trim() !== '' && !templateParts(grant.template).has(part)) {
    return { asked: false, why: 'the grant’s template asks for none' }
  }
  return { asked: true }
}
