/** The team rules: verifiable links, prior work and grants, a solo applicant's scope, a completed prior project linked. */
import { stripInline, type Section } from '../../parse'
import { sentences } from '../../text'
import { DOCUMENT_START, nodePosition, sectionPosition } from '../../topics'
import type { Rule, RuleContext, RuleFinding } from '../../types'
import { headingOf, named, proseOf, sectionBlocks, sectionsTitled, sentencesOf, sourceOf, topicSections } from './read'
import { linkKind, linksIn, repoKey } from './links'
import { personName, rosterItems, teamFieldName, teamFieldText } from './team'
import { grantAsks } from '../../asks'
import { liveLinks } from '../../links/rule'

/**
 * No team anywhere (no team or prior-work section, no team field) is one gap, and one group:
 * team-links reports it as a warning, marking the part missing (the verdict is then never
 * "ready"); the checks of prior work and a finished project, which it leaves nothing to judge,
 * add their parts to the group as notes.
 */
const NO_TEAM_SECTION = {
  id: 'team:no-section',
  title: 'The pitch has no Team section: who does the work, their links, prior work and a finished project cannot be checked.',
}
const noTeamAtAll = (doc: RuleContext['doc'], fields: RuleContext['fields']) =>
  topicSections(doc, 'team', 'priorWork').length === 0 && teamFieldText(fields).trim() === ''

/** Sections that hold the team's links apart from the roster: "Team Code Repos", "Team LinkedIn Profiles". */
const TEAM_LINK_SECTIONS = /\b(?:code repos?|repositor(?:y|ies)|linkedin|profiles?|github|socials?|links)\b/i

export const teamLinks: Rule = {
  id: 'team-links',
  title: 'Verifiable team links',
  severity: 'warning',
  description:
    'The team section gives names or pseudonyms with verifiable links (GitHub, GitLab, X, LinkedIn or a personal site); in a list of people, every person has a link. No team anywhere is “Improve”, and never “ready”, unless the grant’s template asks for no team (a “Note”).',
  check({ doc, fields, grant, deadLinks }: RuleContext): RuleFinding[] {
    // A link a check found dead verifies no one: it counts as no link (links-answer names it).
    const live = (text: string) => liveLinks(linksIn(text), deadLinks)
    const sections = topicSections(doc, 'team')
    if (sections.length === 0) {
      const fieldText = teamFieldText(fields)
      if (fieldText.trim() !== '') {
        if (live(fieldText).length > 0) return []
        return [
          {
            ...DOCUMENT_START,
            field: teamFieldName(fields),
            message: 'The team, described in the application form, has no verifiable link.',
            hint: 'Add a GitHub, GitLab, X or LinkedIn link (or a personal site) for each person, e.g. “Ada Okafor – https://github.com/adaokafor”.',
          },
        ]
      }
      if (topicSections(doc, 'priorWork').length > 0) {
        return [
          {
            ...DOCUMENT_START,
            message: 'The pitch has no team section: it tells prior work, but not who will do this work.',
            hint: 'Add a “## Team” section listing each person by name or known pseudonym with a link, e.g. “- Ada Okafor, lead engineer: [GitHub](https://github.com/adaokafor)”.',
          },
        ]
      }
      const asks = grantAsks(grant, 'team')
      if (!asks.asked) {
        return [
          {
            ...DOCUMENT_START,
            severity: 'info',
            message: `The pitch has no team section, and ${asks.why}.`,
            hint: 'Nothing to add unless the grant asks who does the work elsewhere (its page or form).',
          },
        ]
      }
      return [
        {
          ...DOCUMENT_START,
          group: NO_TEAM_SECTION,
          missing: 'team',
          message: 'The pitch has no team section: reviewers cannot verify who will do the work.',
          hint: 'Add a “## Team” section listing each person by name or known pseudonym with a link, e.g. “- Ada Okafor, lead engineer: [GitHub](https://github.com/adaokafor)”.',
        },
      ]
    }
    const items = rosterItems(sections)
    if (items.length > 0) {
      const unlinked = items.filter((item) => live(sourceOf(doc, item)).length === 0)
      if (unlinked.length === 0) return []
      // Links given in a sibling section ("Team Code Repos", "LinkedIn profiles") verify the
      // people listed: one note then, not a warning.
      const linkedElsewhere = sectionsTitled(doc, TEAM_LINK_SECTIONS).some((section) => live(section.text).length > 0)
      const names = unlinked.map((item) => personName(doc, item))
      const shown =
        names
          .slice(0, 4)
          .map((name) => `“${name}”`)
          .join(', ') + (names.length > 4 ? ` and ${names.length - 4} more` : '')
      return [
        {
          ...nodePosition(unlinked[0]),
          ...(linkedElsewhere ? { severity: 'info' as const } : {}),
          message:
            names.length === 1
              ? `The team member ${shown} has no link (GitHub, GitLab, X, LinkedIn or a personal site)${linkedElsewhere ? ' next to the name; the links are in another section' : ''}.`
              : `${names.length} team members have no link (GitHub, GitLab, X, LinkedIn or a personal site)${linkedElsewhere ? ' next to their names; the links are in another section' : ''}: ${shown}.`,
          hint: linkedElsewhere
            ? 'Put each person’s link next to their name, so reviewers need not match names to links.'
            : 'Add a link that shows each person’s work, e.g. “[GitHub](https://github.com/handle)”; a verified pseudonym needs a link as much as a name.',
        },
      ]
    }
    if (sectionBlocks(doc, sections).some((block) => live(block.text).length > 0)) return []
    return [
      {
        ...sectionPosition(sections[0]!),
        message: `The section ${named(sections[0], 'on the team')} has no verifiable link (GitHub, GitLab, X, LinkedIn or a personal site).`,
        hint: 'List each person with a link, e.g. “- Ada Okafor, lead engineer: [GitHub](https://github.com/adaokafor)”.',
      },
    ]
  },
}

// ---------------------------------------------------------------------------------------------
// 8. team-prior-work

/** Prior work in the team's words: things built, shipped or maintained, or a career stated ("5 years of experience in …", "worked at …", "former CTO of …"). */
const PRIOR_WORK =
  /\b(?:built|builds|shipped|ships|maintain\w*|launched|created|authored|co-?authored|developed|wrote|written|contribut\w+|led|founded|co-?founded|released|published|core (?:dev|developer|engineer|contributor)|worked (?:at|on|for|as|with)|years? of (?:\w+ )?experience|experience (?:in|with|as|at)|former(?:ly)?|previously|ex-[A-Z]\w*|PhD|professor|research(?:er|ed)?)\b|\b(?:CEO|CTO|COO|CFO|CMO|CPO|VP|(?:co-?)?founder|director|head of [\w ]{1,20}?)(?:\s*\/\s*[\w-]+)?\s*(?:of|at|@|[-–—,(])\s*[A-Z0-9][\w.]/i
const GRANT = /\b(?:grants?|funded|fellowships?|bount(?:y|ies))\b/gi
const GRANT_OUTCOME = /\b(?:delivered|completed|complete|shipped|on time|milestones?|reports?|results?|outcomes?|finished|successfully|paid out)\b/i
const FIRST_GRANT =
  /\b(?:first grant|first[- ]time (?:applicant|grantee)|no (?:prior|previous|past|earlier|other) grants?|(?:not|never) (?:received|had|applied for) (?:a |any )?grants?|no grants? (?:yet|so far|before|to date))\b/i
/** How far after a grant's mention its outcome may be, in characters (the rest of a paragraph). */
const OUTCOME_WINDOW = 400

/** The pitched project's own repositories: linked in the form's fields or in the solution, deliverables and milestones. */
function ownRepositories(doc: RuleContext['doc'], fields: RuleContext['fields']): Set<string> {
  const own = new Set<string>()
  for (const value of Object.values(fields)) for (const url of linksIn(value)) if (linkKind(url) === 'repository') own.add(repoKey(url))
  for (const block of sectionBlocks(doc, topicSections(doc, 'solution', 'deliverables', 'milestones'))) {
    for (const url of linksIn(block.text)) if (linkKind(url) === 'repository') own.add(repoKey(url))
  }
  return own
}

/** The team's words about itself: the team and prior-work sections, or the team fields when there are none. */
function teamText(doc: RuleContext['doc'], fields: RuleContext['fields']): string {
  const sections = topicSections(doc, 'team', 'priorWork')
  return [proseOf(sectionBlocks(doc, sections)), sections.length === 0 ? teamFieldText(fields) : ''].join('\n')
}

export const teamPriorWork: Rule = {
  id: 'team-prior-work',
  title: 'Prior work and grants',
  severity: 'warning',
  appliesTo: ['grant'],
  description:
    'The team or prior-work sections mention the team’s prior work (built, shipped, maintains …, a stated career, or a repository of theirs linked) and its prior grants with their outcomes (delivered, completed, report …), or say it is the team’s first grant.',
  check({ doc, fields }: RuleContext): RuleFinding[] {
    const sections = topicSections(doc, 'team', 'priorWork')
    const text = teamText(doc, fields)
    const where = sections.length > 0 ? sectionPosition(sections[0]!) : DOCUMENT_START
    const place = sections.length > 0 ? `The section ${named(sections[0], '')}` : 'The pitch'
    if (noTeamAtAll(doc, fields)) {
      return [
        {
          ...DOCUMENT_START,
          group: NO_TEAM_SECTION,
          severity: 'info',
          message: 'The pitch has no team or prior-work section, so it shows no prior work and no prior grants.',
          hint: 'Add a “## Team” section: for each person one thing they built or shipped, with a link, and your prior grants with their outcome (“completed a Lumen grant in 2025, all 3 milestones delivered on time”), or say it is your first grant.',
        },
      ]
    }
    const findings: RuleFinding[] = []
    // A repository the team links (not the pitched project's own) is something it built, shown.
    const own = ownRepositories(doc, fields)
    const linksRepository = linksIn(
      sectionBlocks(doc, sections)
        .map((block) => block.text)
        .join('\n'),
    ).some((url) => linkKind(url) === 'repository' && !own.has(repoKey(url)))
    if (!PRIOR_WORK.test(text) && !linksRepository) {
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
          // Many funded teams apply for their first grant: a note.
          severity: 'info',
          message: `${place} does not mention prior grants.`,
          hint: 'List your prior grants with their outcome (“Lumen Builders Fund 2025: 8,000 USDC, all 3 milestones delivered on time”), or say plainly that this is your first grant.',
        })
      } else if (!mentions.some((m) => GRANT_OUTCOME.test(text.slice(m.index, m.index + OUTCOME_WINDOW)))) {
        findings.push({
          ...where,
          severity: 'info',
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

const SOLO =
  /\b(?:solo|sole (?:developer|founder|maintainer|contributor|engineer)|single[- ](?:developer|maintainer|contributor|person|engineer)|one[- ]person|one[- ](?:wo)?man|I(?:'m|’m| am) the only|only (?:developer|engineer|team member)|just me|by myself|on my own)\b/i
/** “I” as the subject of a sentence: “I built”, “I'm”, “I have”. */
const I_SUBJECT = /(?:^|[\s(“"])I(?:'m|’m|'ve|’ve|'ll|’ll|\s+[a-z])/m
const TEAM_SIZE_FIELD = /team.?size|team.?members?.?(?:count|number)|(?:number|count).?of.?(?:team.?)?(?:members|people|developers)|headcount/i
/** A time commitment: “full-time”, “part-time”, “20 hours a week”, “30 h/week”. */
const TIME_COMMITMENT =
  /\b(?:full[- ]?time|part[- ]?time|\d{1,3}(?:[ \t]?[-–][ \t]?\d{1,3})?[ \t]?(?:hours?|hrs?|h)[ \t]?(?:(?:per|a|each|every)[ \t]+(?:work(?:ing)?[ \t]?)?(?:week|day)|\/[ \t]?(?:week|wk|w|day|d))\b|\d{1,3}[ \t]?h\/w\b)/i
/**
 * An argument that the scope fits one person: “the scope fits one person because …”, “one
 * developer can deliver it”, “I apply alone because …”, “I have shipped a comparable tool alone”.
 */
const SCOPE_ARGUMENT =
  /\b(?:scope\b[^.!?\n]{0,80}?\b(?:fits?|suits?|is (?:small|narrow|focused|manageable|realistic|sized)|(?:one|a single) (?:person|developer|engineer))|(?:fits?|suits?|manageable (?:by|for)|realistic for|doable (?:by|for)|within reach of) (?:one|a single) (?:person|developer|engineer)|(?:one|a single) (?:person|developer|engineer) can\b|(?:applying|apply|work(?:ing)?|build(?:ing)?) (?:this )?alone because|(?:comparable|similar|of (?:this|that|the same|similar) (?:size|scope))\b[^.!?\n]{0,80}?\balone\b|\balone\b[^.!?\n]{0,80}?\b(?:comparable|similar|of (?:this|that|the same|similar) (?:size|scope))\b)/i
const SCOPE_TITLE = /\b(?:scope|capacity|availability|commitment|solo|why me|resources|effort|staffing)\b/i
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
  description:
    'A solo applicant (the team section says so, lists one person or is written as “I” naming no one else, or a team-size field is 1) explains why the scope fits one person: a time commitment (full-time, part-time, hours per week) or a scope argument (“the scope fits one person because …”). Past work alone is no justification.',
  check(context: RuleContext): RuleFinding[] {
    const { doc } = context
    const team = topicSections(context.doc, 'team')
    if (teamKind(context, team) !== 'solo') return []
    const explaining = [...team, ...topicSections(doc, 'timeline'), ...sectionsTitled(doc, SCOPE_TITLE)]
    const text = proseOf(sectionBlocks(doc, explaining))
    if (TIME_COMMITMENT.test(text) || SCOPE_ARGUMENT.test(text)) return []
    return [
      {
        ...headingOf(team),
        message: 'You apply alone, but the pitch does not explain why the scope fits one person.',
        hint: 'In the team section, say how many hours a week you will work on it and why one person can deliver this scope, e.g. “I work on it full-time (40 hours per week); I have shipped two SDKs of this size alone.”',
      },
    ]
  },
}

// ---------------------------------------------------------------------------------------------
// 10. prior-project-linked

const SHIPPED = /\b(?:built|shipped|completed|launched|maintain\w*|created|authored|delivered|developed|wrote|released|published|deployed|live|report)\b/i

export const priorProjectLinked: Rule = {
  id: 'prior-project-linked',
  title: 'Completed prior project linked',
  severity: 'warning',
  description:
    'The team or prior-work sections link at least one completed prior project: a repository (github.com/owner/repo), a published package, or a deployed app or report next to “built”, “shipped”, “completed” … A profile link alone does not count.',
  check({ doc, fields, deadLinks }: RuleContext): RuleFinding[] {
    const sections = topicSections(doc, 'team', 'priorWork')
    const fieldText = sections.length === 0 ? teamFieldText(fields) : ''
    if (noTeamAtAll(doc, fields)) {
      return [
        {
          ...DOCUMENT_START,
          group: NO_TEAM_SECTION,
          severity: 'info',
          message: 'The pitch has no team or prior-work section, so no completed prior project is linked.',
          hint: 'Add a “## Team” section that links at least one project you finished, e.g. “Built [lumen-faucet](https://github.com/ada/lumen-faucet), used by 40 teams.”',
        },
      ]
    }
    // The pitched project's own repository is not prior work.
    const own = ownRepositories(doc, fields)
    const candidates = sentencesOf(sectionBlocks(doc, sections)).map((s) => s.raw)
    if (fieldText) candidates.push(...sentences(fieldText))
    let profiles = 0
    let dead = 0
    for (const sentence of candidates) {
      const shipped = SHIPPED.test(stripInline(sentence))
      for (const url of linksIn(sentence)) {
        // A prior project whose link is dead is not linked: a reviewer cannot open it.
        if (deadLinks.has(url)) {
          dead++
          continue
        }
        const kind = linkKind(url)
        if (kind === 'profile') profiles++
        else if (shipped || (kind === 'repository' && !own.has(repoKey(url)))) return []
      }
    }
    return [
      {
        ...(sections[0] ? sectionPosition(sections[0]) : DOCUMENT_START),
        // A team that names no prior work at all has no project to link: team-prior-work reports
        // that cause, and this is its consequence.
        ...(!PRIOR_WORK.test(teamText(doc, fields)) ? { severity: 'info' as const } : {}),
        message:
          dead > 0
            ? `No completed prior project is linked by a link that answers: ${dead === 1 ? 'the link given is dead' : `the ${dead} links given are dead`} (see the links-answer findings).`
            : profiles > 0
              ? 'The team links profiles only: a profile shows who you are, not a completed project.'
              : 'No completed prior project is linked in the team or prior-work sections.',
        hint: 'Link at least one project you finished next to what it is, e.g. “Built [lumen-faucet](https://github.com/ada/lumen-faucet), used by 40 teams” – a repository, a deployed app or a grant’s final report.',
      },
    ]
  },
}
