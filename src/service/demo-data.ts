/**
 * Demo data for the sandbox: two users and 14 fictional web3 grant programs and bounties.
 *
 * Ids are fixed so links and saved drafts survive a restart; deadlines are relative to `now`
 * so the demo always shows a mix of grants closing soon, open for months, already past their
 * deadline (stored as `open`; the service reports them as closed) and closed early by the
 * sponsor (stored as `closed` with a future deadline). Pitch templates follow the application
 * content guidance of shared/grant-service-api.md §1.
 */
import demoLogins from './demo-logins.json' with { type: 'json' }
import type { Fixture, FixtureGrant } from './fixture'

// Kept as JSON so that the start commands (plain Node scripts) can read them and hand them to the
// app's core through the environment: the core never imports the sandbox.
export const DEMO_USERS: ReadonlyArray<{ email: string; password: string; name: string }> = demoLogins

type Field = NonNullable<FixtureGrant['application_schema']>[number]

const field = (name: string, label: string, type: 'text' | 'textarea' | 'url' | 'number', required: boolean): Field => ({ name, label, type, required })

const select = (name: string, label: string, options: string[], required: boolean): Field => ({
  name,
  label,
  type: 'select',
  required,
  options,
})

const PROJECT_STAGES = ['Idea', 'Prototype', 'Beta', 'Live on mainnet']

/** An empty Markdown table: the header row, its rule and `rows` rows of empty cells. */
function emptyTable(columns: readonly string[], rows: number): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  return [line(columns), line(columns.map(() => '---')), ...Array.from({ length: rows }, () => line(columns.map(() => ' ')))].join('\n')
}

const MILESTONE_COLUMNS = ['Milestone', 'Deliverables', 'Completion criteria', 'Weeks', 'Amount (USD)']
const milestoneTable = (rows: number) => emptyTable(MILESTONE_COLUMNS, rows)

export function demoFixture(now: Date): Fixture {
  const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000).toISOString()

  const grants: FixtureGrant[] = [
    // ---- Grants -------------------------------------------------------------------------
    {
      id: '984805b6-25b5-4e62-a083-d5b38b15a948',
      type: 'grant',
      title: 'Developer Tooling Grants — Round 7',
      sponsor: 'Lumen Builders Fund',
      track: 'Developer Tooling',
      reward: '15,000 USDC',
      deadline: inDays(0.5),
      status: 'open',
      description: `The Lumen Builders Fund backs small, sharp tools that make building on the Lumen network faster. Round 7 funds developer tooling that can ship in 6 to 12 weeks and that other teams will use, not only the applicant.

**Priorities for this round**
- Local development: a one-command Lumen sandbox with funded test accounts
- Contract testing: property-based testing and coverage reports for Lumen smart contracts
- Debugging: readable transaction traces and error decoding in the CLI or the browser
- Migration helpers for projects moving from the v1 RPC to the v2 RPC

**Eligibility.** Individuals and teams of up to 5 people. Code must be open source under MIT or Apache-2.0. Projects that already received Lumen funding for the same scope are not eligible.

**Evaluation.** A panel of 3 ecosystem engineers scores feasibility (40%), expected adoption (35%) and team track record (25%). Grants pay up to 15,000 USDC in milestones; the first payment follows the first accepted milestone.

Full priority list: https://lumen-builders.example/priorities
Past recipients: https://lumen-builders.example/round-6-recipients`,
      application_schema: [
        field('project_name', 'Project name', 'text', true),
        field('project_details', 'Project details (problem, solution, stack)', 'textarea', true),
        field('team_members', 'Team members (names, GitHub, prior work)', 'textarea', true),
        field('github_repository', 'GitHub repository', 'url', true),
        field('project_website', 'Project website', 'url', false),
        select('project_stage', 'Current project stage', PROJECT_STAGES, false),
        field('requested_amount_usd', 'Requested amount (USD)', 'number', true),
        field('milestone_list', 'Milestones (3 to 5, with completion criteria)', 'textarea', false),
      ],
      template_md: `# [Your project name]

## Problem statement
<!-- One sentence: which Lumen developers are blocked by what, and how many of them (a number). -->

## Technical solution
<!-- The stack you will use and the Lumen features it relies on (contract runtime, RPC v2, testnet faucet). -->

## Milestones
<!-- 3 to 5 milestones, each paid on completion, with a criterion a reviewer can test. -->

${milestoneTable(4)}

## Budget
<!-- Itemize development hours × rate, infrastructure and documentation; total at most 15,000 USDC. -->

${emptyTable(['Item', 'Hours × rate or fixed cost', 'Rationale', 'Amount (USD)'], 4)}

## Deliverables
<!-- The artifacts: repository, published package, docs page, and a test coverage target. -->

## Team
<!-- Names or known pseudonyms with GitHub links, one shipped tool each, and prior grants with outcomes. -->

## Ecosystem alignment
<!-- Which Round 7 priority this answers and how many other Lumen teams will use it. -->

## KPIs
<!-- Two or three numbers you will report 3 months after delivery (downloads, active repositories, issues closed). -->

## Timeline
<!-- Start date and weeks per milestone; this round expects 6 to 12 weeks in total. -->
`,
    },
    {
      id: 'e22cbc2e-10f0-4a3b-b6d6-3c6efa6aeedc',
      type: 'grant',
      title: 'Arcadia SDK & Library Grants',
      sponsor: 'Arcadia Foundation',
      track: 'Infrastructure',
      reward: 'Up to 50,000 USD',
      deadline: inDays(1.5),
      status: 'open',
      description: `Arcadia Foundation funds the libraries that every Arcadia application depends on. This program pays for SDKs, client libraries and indexing infrastructure in languages and environments where Arcadia support is missing or unmaintained.

**What we want to fund**
- Native SDKs for Swift, Kotlin and Go with full transaction building and signing
- An open indexer for Arcadia events with a documented GraphQL or REST interface
- Light-client verification of Arcadia state proofs in the browser
- Long-term maintenance of an existing community SDK (12 months, with a release plan)

**Eligibility.** Teams of 2 or more with at least one shipped open-source library. Libraries must use a permissive license and be published to the language's standard package registry.

**Evaluation.** The Foundation's engineering committee reviews proposals every six weeks for technical design, maintenance plan and cost per delivered feature. Awards range from 20,000 to 50,000 USD, paid in USDC or ARC on milestone acceptance.

Read the request for proposals: https://arcadia-foundation.example/grants/sdk-rfp`,
      application_schema: [
        field('project_name', 'Project name', 'text', true),
        field('project_details', 'Project details', 'textarea', true),
        field('team_members', 'Team members', 'textarea', true),
        field('team_size', 'Team size (people)', 'number', false),
        select('primary_language', 'Primary language', ['TypeScript', 'Rust', 'Go', 'Swift', 'Kotlin', 'Python', 'Other'], true),
        field('github_repository', 'GitHub repository', 'url', true),
        field('demo_video', 'Demo video (under 5 minutes)', 'url', false),
        field('budget_breakdown', 'Budget breakdown', 'textarea', true),
        field('milestone_list', 'Milestone list', 'textarea', true),
      ],
      template_md: `# [Your project name]

## Problem statement
<!-- One sentence: which Arcadia developers lack which library today, and how many projects that blocks (a number). -->

## Technical solution
<!-- Language, target runtimes, API design and the Arcadia features covered (transaction building, signing, RPC, events). -->

## Milestones
<!-- 3 to 5 milestones; each ends with a tagged release on the package registry that a reviewer can install. -->

${milestoneTable(5)}

## Budget
<!-- Itemize development hours × rate, CI and test infrastructure, an external code review, and documentation. -->

${emptyTable(['Component', 'Hours × rate or fixed cost', 'Rationale', 'Amount (USD)'], 4)}

## Deliverables
<!-- Repository, registry package name, API reference site, and a test coverage target (for example 80%). -->

## Maintenance plan
<!-- Who maintains the library after the grant, for how long, and how you will handle breaking network upgrades. -->

## Team
<!-- Names or verified pseudonyms, GitHub links, libraries you already maintain, prior grants and their outcomes. -->

## Ecosystem alignment
<!-- Which item of the SDK request for proposals this answers and which Arcadia applications will adopt it first. -->

## KPIs
<!-- Measurable targets: weekly downloads, dependent repositories, median time to first response on issues. -->

## Timeline
<!-- Start date and weeks per milestone; 2 to 6 months in total. -->
`,
    },
    {
      id: 'b896fce4-8668-4b4d-bf96-9333997ddc26',
      type: 'grant',
      title: 'Meridian Public Goods Round 4',
      sponsor: 'Meridian DAO',
      track: 'Public Goods',
      reward: '40,000 USDC in 3 tranches',
      deadline: inDays(2.8),
      status: 'open',
      description: `Meridian DAO's Public Goods Round funds open infrastructure, data and community resources that benefit everyone building on Meridian but that no single company has a reason to pay for.

**Round 4 focus areas**
- Open data: dashboards and datasets on network health, MEV and fee markets
- Public RPC endpoints and archive nodes with published uptime
- Accessibility and localization of core wallets and explorers
- Governance tooling for the DAO (delegation, proposal simulation)

**How to apply.** This round takes a single free-form proposal: write it in the structure below and submit it as your pitch. There is no separate form, so put your links in the proposal.

**Eligibility.** Anyone may apply. Code must be open source and data published under CC BY 4.0. Previous Meridian recipients must link the final report of their last grant.

**Evaluation.** Delegates vote in a two-week window after a community review. Awards of up to 40,000 USDC are paid in 3 tranches: 30% at approval, 40% at the mid-point report and 30% at the final report.

Round details and voting calendar: https://meridiandao.example/public-goods/round-4`,
      application_schema: null,
      template_md: `# [Your project name]

## Problem statement
<!-- One sentence: which public good is missing or underfunded on Meridian, and who suffers from it (a number). -->

## Technical solution
<!-- What you will build or maintain, the stack, and the Meridian features or data sources it uses. -->

## Impact so far
<!-- If the project already exists: users, uptime, citations or forks to date. -->

## Milestones
<!-- 3 milestones matching the 3 tranches (30% / 40% / 30%), each with a result delegates can check. -->

${milestoneTable(3)}

## Budget
<!-- Itemize people (hours × rate), hosting and infrastructure, audits if any, and documentation. -->

${emptyTable(['Item', 'Basis (hours × rate or fixed)', 'Why this amount', 'USD'], 4)}

## Deliverables
<!-- Repositories, datasets, dashboards or endpoints, each with its license (open source or CC BY 4.0). -->

## Team
<!-- Names or pseudonyms, GitHub or forum links, and the final report of any previous Meridian grant. -->

## Ecosystem alignment
<!-- Which Round 4 focus area this serves and why no one else funds it. -->

## KPIs
<!-- Public metrics delegates can check at the final report (requests served, monthly users, uptime). -->

## Timeline
<!-- Weeks from approval to each tranche report; at most 6 months. -->

## Links
<!-- Website, repository, and the forum thread of this proposal. -->
`,
    },
    {
      id: 'c5a2047c-2d03-4dc0-8e93-002ef82a707f',
      type: 'grant',
      title: 'Research Grants: Decentralized Sequencing',
      sponsor: 'OpenRollup Collective',
      track: 'Research',
      reward: '25,000–80,000 USDC',
      deadline: inDays(45),
      status: 'open',
      description: `OpenRollup Collective funds research that ends in running code. This call asks for work on decentralizing the sequencer of OpenRollup chains without giving up the sub-second confirmations that applications rely on today.

**Open questions**
- Leader election and rotation for 5 to 50 sequencers, with measured latency
- Based sequencing on the settlement layer: cost and liveness trade-offs
- Fair ordering and MEV mitigation compatible with the current batch format
- Formal models of forced-inclusion guarantees

**What a proposal must include.** A research question, a method, a prototype or benchmark built against the OpenRollup devnet, and a written report. Pure literature reviews are out of scope.

**Eligibility.** Academic groups, independent researchers and company research teams. Results must be published openly (paper or report under CC BY) and code under an open-source license.

**Evaluation.** The Collective's research council scores novelty, rigor, feasibility and relevance to the OpenRollup roadmap. Typical awards are 25,000 to 80,000 USDC over 3 to 6 months.

Research agenda: https://openrollup.example/research/agenda`,
      application_schema: [
        field('project_name', 'Research project title', 'text', true),
        field('project_details', 'Research question, method and prototype', 'textarea', true),
        field('team_members', 'Researchers (affiliations, publications, code)', 'textarea', true),
        field('prior_publication', 'Your most relevant prior paper or report', 'url', false),
        field('github_repository', 'Prototype repository (if any)', 'url', false),
        select('research_stage', 'Current stage', ['Open question', 'Early results', 'Prototype', 'Paper in review'], false),
        field('requested_amount_usd', 'Requested amount (USD)', 'number', true),
        field('duration_months', 'Duration (months)', 'number', true),
        field('milestone_list', 'Milestones and their outputs', 'textarea', true),
      ],
      template_md: `# [Your project name]

## Research question
<!-- The single question this work answers, stated so that the answer is yes, no or a number. -->

## Problem statement
<!-- Why the current OpenRollup sequencer design falls short, quantified (latency, downtime, extracted value). -->

## Method
<!-- Models, simulations or experiments you will run, and what result would falsify your hypothesis. -->

## Technical solution
<!-- The prototype you will build against the OpenRollup devnet: language, components, and where it touches the batch format. -->

## Milestones
<!-- 3 to 5 milestones, each ending in a report section, dataset or benchmark a reviewer can reproduce. -->

${milestoneTable(4)}

## Budget
<!-- Researcher and engineer time (hours × rate), compute for simulations, and publication costs. -->

${emptyTable(['Item', 'Hours × rate or fixed cost', 'Rationale', 'Amount (USD)'], 3)}

## Deliverables
<!-- Paper or report, prototype repository, benchmark data, and a talk at an OpenRollup research call. -->

## Team
<!-- Researchers with affiliations, links to publications and code, and prior grants with outcomes. -->

## Ecosystem alignment
<!-- Which question of the research agenda this addresses and how OpenRollup chains could adopt the result. -->

## KPIs
<!-- How you will measure success: confirmation latency with N sequencers, liveness under faults, cost per batch. -->

## Timeline
<!-- Months per milestone; 3 to 6 months in total. -->
`,
    },
    {
      id: '8026a9c8-7cbc-4fab-a926-022405ae9f4e',
      type: 'grant',
      title: 'Kelp DeFi Integration Grants',
      sponsor: 'Kelp Protocol',
      track: 'DeFi',
      reward: 'Up to $75,000 (paid in USDC)',
      deadline: inDays(60),
      status: 'open',
      description: `Kelp Protocol is a liquid-staking and lending protocol. Integration grants pay teams to build applications and protocols that use Kelp's kTokens, lending markets and liquidation engine in production.

**Priorities**
- Structured products and vaults built on kToken yield
- Cross-margin accounts that accept kTokens as collateral
- Risk dashboards and liquidation bots that improve market health
- Integrations of Kelp markets into existing wallets and aggregators

**Requirements.** Contract work must come with an audit plan; grants above 40,000 USD reserve a budget line for an external audit before mainnet. Deployments go to the Kelp testnet first and stay there for at least two weeks.

**Eligibility.** Teams with at least one deployed smart-contract project. Pseudonymous teams are welcome with a verifiable on-chain or GitHub history.

**Evaluation.** The grants committee meets monthly and scores product fit, security approach, team track record and expected total value locked after 6 months. Full applications receive 50,000 to 75,000 USD, paid in USDC per milestone.

Integration guide: https://kelp-protocol.example/docs/integrate
Grant terms: https://kelp-protocol.example/grants/terms`,
      application_schema: [
        field('project_name', 'Project name', 'text', true),
        field('project_details', 'Project details', 'textarea', true),
        field('team_members', 'Team members', 'textarea', true),
        field('project_website', 'Website', 'url', false),
        field('github_repository', 'GitHub repository', 'url', true),
        select('project_stage', 'Project stage', PROJECT_STAGES, true),
        field('target_audience', 'Target users', 'textarea', false),
        field('requested_amount_usd', 'Requested amount (USD)', 'number', true),
        field('budget_breakdown', 'Budget breakdown', 'textarea', true),
        field('audit_plan', 'Audit plan (auditor, scope, timing)', 'textarea', true),
        field('expected_tvl_usd', 'Expected TVL after 6 months (USD)', 'number', false),
      ],
      template_md: `# [Your project name]

## Problem statement
<!-- One sentence: which users lose what today without this product, with a number (volume, fees or TVL). -->

## Technical solution
<!-- Contract architecture, stack, and the Kelp features used (kTokens, lending markets, liquidation engine). -->

## Security and audit plan
<!-- Auditor or audit contest, scope, timing before mainnet, and your test coverage target. -->

## Milestones
<!-- 3 to 5 milestones from testnet to mainnet, each paid on completion and checkable on-chain. -->

${milestoneTable(5)}

## Budget
<!-- Itemize development hours × rate, the audit (fixed quote), infrastructure and documentation. -->

${emptyTable(['Component', 'Hours × rate or fixed quote', 'Rationale', 'Amount (USD)'], 5)}

## Deliverables
<!-- Repository, testnet and mainnet contract addresses, documentation, and a public analytics dashboard. -->

## Team
<!-- Names or verifiable pseudonyms, deployed contracts you wrote, prior grants and their outcomes. -->

## Ecosystem alignment
<!-- Which Kelp priority this serves and how it adds demand for kTokens or the lending markets. -->

## Go-to-market
<!-- Your first 100 users: who they are and how you will reach them. -->

## KPIs
<!-- TVL, weekly active addresses and volume targets at 3 and 6 months after mainnet. -->

## Timeline
<!-- Weeks per milestone, including at least 2 weeks on testnet; 3 to 6 months in total. -->
`,
    },
    {
      id: '2b58f4f3-d71d-48c4-abfe-65787a55b60b',
      type: 'grant',
      title: 'Polar Security Tooling Grants',
      sponsor: 'Polar Labs',
      track: 'Security',
      reward: '$18,000',
      deadline: inDays(30),
      status: 'open',
      description: `Polar Labs maintains the Polar client and the Polar virtual machine. Security tooling grants fund open tools that find bugs in Polar smart contracts before attackers do.

**In scope**
- Static analyzers and linters for Polar contract languages, with rules for known exploit patterns
- Fuzzers and invariant-testing harnesses that run in CI
- Monitoring agents that alert on suspicious on-chain activity in real time
- Public write-ups of vulnerability classes, each shipped with a detector

**Out of scope.** Paid audits of individual projects, closed-source tools, and bug reports (use the Polar bug bounty instead).

**Eligibility.** Individuals or teams with a record of security work: audit reports, CVEs, contest results or published tools. Tools must be released under an OSI-approved license.

**Evaluation.** The Polar security team measures detection quality on a benchmark of known bugs, the false-positive rate, ease of integration and the maintainer's track record. Grants are up to $18,000 each, paid per milestone.

Benchmark suite and rules: https://polarlabs.example/security/grants`,
      application_schema: [
        field('project_name', 'Tool name', 'text', true),
        field('project_details', 'How the tool works and what it detects', 'textarea', true),
        field('team_members', 'Team members and security track record', 'textarea', true),
        field('github_repository', 'Repository', 'url', true),
        field('prior_work_url', 'An audit report, contest result or tool you published', 'url', false),
        select('tool_category', 'Tool category', ['Static analysis', 'Fuzzing', 'Monitoring', 'Formal verification', 'Other'], true),
        field('requested_amount_usd', 'Requested amount (USD)', 'number', true),
        field('milestone_list', 'Milestones', 'textarea', false),
      ],
      template_md: `# [Your project name]

## Problem statement
<!-- One sentence: which class of Polar contract bugs goes undetected today, with an example loss or a count. -->

## Technical solution
<!-- How the tool works (analysis technique, languages supported), its stack, and the Polar VM features it targets. -->

## Detection benchmark
<!-- Expected results on the Polar benchmark of known bugs: true positives and false-positive rate. -->

## Milestones
<!-- 3 to 4 milestones, each ending in a release that runs on the benchmark. -->

${milestoneTable(4)}

## Budget
<!-- Itemize development hours × rate, compute for fuzzing or analysis, and documentation. -->

${emptyTable(['Item', 'Hours × rate or fixed cost', 'Rationale', 'Amount (USD)'], 3)}

## Deliverables
<!-- Repository, release binaries or package, CI integration guide, and benchmark results. -->

## Team
<!-- Security track record with links: audit reports, contest rankings, CVEs or published tools; prior grants. -->

## Ecosystem alignment
<!-- Which Polar projects will run this in CI first and how it lowers audit costs for everyone else. -->

## KPIs
<!-- Repositories running the tool, confirmed bugs found and false positives reported, 3 months after release. -->

## Timeline
<!-- Weeks per milestone; 2 to 4 months in total. -->
`,
    },
    {
      id: '95a9bd7f-8da6-45ec-88bd-5910090e6470',
      type: 'grant',
      title: 'Arcadia Builder Grants: Payments and Savings Apps',
      sponsor: 'Arcadia Foundation',
      track: 'DeFi',
      reward: '120,000 ARC',
      deadline: inDays(90),
      status: 'open',
      description: `Arcadia Builder Grants fund complete applications that bring real users to Arcadia: payments, savings and trading products that people outside crypto can use.

**Priorities**
- Stablecoin payments and payroll for small businesses, using Arcadia account abstraction and sponsored fees
- On-chain savings products with clear risk disclosure
- Merchant tools: invoices, point of sale, and settlement to local currency through licensed partners
- Applications built on Arcadia passkey accounts, so users never handle a seed phrase

**Eligibility.** Registered companies or teams of at least 3 people with a working prototype. Contract code must be audited before mainnet launch; the audit may be part of the budget.

**Evaluation.** The Foundation reviews user research, product design, technical feasibility, go-to-market plan and team. Shortlisted teams give a 20-minute demo. Awards of up to 120,000 ARC (about 100,000 USD at award time) vest per milestone.

Program handbook: https://arcadia-foundation.example/builder-grants/handbook
Account abstraction docs: https://docs.arcadia-foundation.example/accounts`,
      application_schema: [
        field('project_name', 'Project name', 'text', true),
        field('project_details', 'Project details', 'textarea', true),
        field('team_members', 'Team members', 'textarea', true),
        field('team_size', 'Team size', 'number', true),
        field('project_website', 'Project website', 'url', true),
        field('github_repository', 'GitHub repository', 'url', false),
        field('demo_video', 'Demo video of the prototype', 'url', true),
        select('project_stage', 'Project stage', PROJECT_STAGES, true),
        field('target_audience', 'Target users and how you will reach them', 'textarea', true),
        field('innovation', 'What is new compared to existing products', 'textarea', false),
        field('budget_breakdown', 'Budget breakdown', 'textarea', true),
        field('milestone_list', 'Milestone list', 'textarea', true),
      ],
      template_md: `# [Your project name]

## Problem statement
<!-- One sentence: who (outside crypto) has which payment or savings problem, and how many of them there are. -->

## User research
<!-- What you learned from interviews or prototype users, with numbers. -->

## Technical solution
<!-- Architecture, stack, and the Arcadia features used (account abstraction, sponsored fees, passkey accounts). -->

## Milestones
<!-- 3 to 5 milestones from prototype to public launch; the ARC award vests on each one. -->

${milestoneTable(5)}

## Budget
<!-- Itemize development, design, audit, infrastructure, compliance and documentation, as hours × rate or fixed quotes. -->

${emptyTable(['Component', 'Hours × rate or fixed quote', 'Rationale', 'Amount (USD)'], 6)}

## Deliverables
<!-- Live application URL, repositories, audited contract addresses, and user documentation. -->

## Team
<!-- Founders and engineers with links, products shipped before, prior grants or funding and their outcomes. -->

## Ecosystem alignment
<!-- Why Arcadia and not another chain, and what other builders can reuse from your work. -->

## KPIs
<!-- Monthly active users, payment volume and 30-day retention targets at 3 and 6 months after launch. -->

## Timeline
<!-- Months per milestone; at most 6 months to public launch. -->
`,
    },
    {
      id: '42a66fb3-7b5e-4a49-88db-854917967644',
      type: 'grant',
      title: 'Lumen Education Microgrants',
      sponsor: 'Lumen Builders Fund',
      track: 'Education',
      reward: '$8,000',
      deadline: inDays(-20),
      status: 'open',
      description: `Education microgrants pay for learning material that helps new developers build their first Lumen application. We fund focused, finished pieces rather than long courses.

**Examples of funded work**
- A video series (4 to 8 episodes) that takes a viewer from zero to a deployed Lumen contract
- Workshops at university blockchain clubs, with open slides and exercises
- Written tutorials in languages other than English
- Interactive coding exercises that run in the browser against testnet

**Eligibility.** Educators, developer advocates and community members. Material must be free to access and licensed CC BY 4.0 so others can reuse it.

**Evaluation.** Reviewers look at the audience you can reach, the quality of your previous material and the cost per learner. Microgrants go up to $8,000, paid half at approval and half on publication.

Apply with a single free-form proposal. Examples of past work: https://lumen-builders.example/education`,
      application_schema: null,
      template_md: `# [Your project name]

## Problem statement
<!-- One sentence: where new Lumen developers get stuck today, with evidence (forum questions, drop-off, a survey). -->

## Audience
<!-- Who the material is for, their starting level and language, and how many of them you can reach. -->

## Content outline
<!-- Episodes, chapters or workshop sessions, one line each, with the Lumen feature each one teaches. -->

## Milestones
<!-- 3 milestones: outline approved, first half published, everything published. -->

${milestoneTable(3)}

## Budget
<!-- Itemize preparation and recording hours × rate, editing, and venue or hosting costs. -->

${emptyTable(['Item', 'Hours × rate or fixed cost', 'Amount (USD)'], 3)}

## Deliverables
<!-- Where the material will be published, its license (CC BY 4.0), and repositories for the exercises. -->

## Team
<!-- Who you are, with links to material you published before and its reach. -->

## Ecosystem alignment
<!-- How this brings new developers to Lumen and which existing docs it complements. -->

## KPIs
<!-- Views, workshop attendees, completed exercises or testnet contracts deployed after 3 months. -->

## Timeline
<!-- Weeks per milestone; at most 3 months. -->
`,
    },
    {
      id: '7517a40b-d7ca-443b-bfcf-fa239e338570',
      type: 'grant',
      title: 'Polar zk Light Client Grant',
      sponsor: 'Polar Labs',
      track: 'Infrastructure',
      reward: '60,000 USDC',
      deadline: inDays(25),
      status: 'closed',
      description: `**Update: this program closed early.** The allocation is fully committed to proposals already received, and Polar Labs is not accepting new applications. A follow-up call is planned for next quarter.

Polar Labs funds a zero-knowledge light client for the Polar chain, so that wallets, bridges and other chains can verify Polar state without trusting an RPC provider.

**Scope**
- A succinct proof of Polar consensus: validator set transitions and finality
- An on-chain verifier contract for at least one EVM chain, with gas benchmarks
- A browser verifier compiled to WebAssembly, under 2 MB
- Reproducible benchmarks and a written security analysis

**Eligibility.** Teams with prior work in zero-knowledge proving systems: circuits in production, published papers or audited code.

**Evaluation.** Technical design, choice of proof system and its audit status, performance targets, and team. One award of up to 60,000 USDC, paid per milestone.

Technical background: https://polarlabs.example/research/light-client`,
      application_schema: [
        field('project_name', 'Project name', 'text', true),
        field('project_details', 'Design and performance targets', 'textarea', true),
        field('team_members', 'Team members and zero-knowledge experience', 'textarea', true),
        field('github_repository', 'GitHub repository', 'url', true),
        select('proof_system', 'Proof system', ['Groth16', 'PLONK / Halo2', 'STARK', 'Other'], true),
        field('requested_amount_usd', 'Requested amount (USD)', 'number', true),
        field('milestone_list', 'Milestone list', 'textarea', true),
        field('budget_breakdown', 'Budget breakdown', 'textarea', false),
      ],
      template_md: `# [Your project name]

## Problem statement
<!-- One sentence: who must trust an RPC provider to read Polar state today, and what that trust costs them. -->

## Technical solution
<!-- Proof system and why, circuit design for validator set transitions and finality, and target chains for the verifier. -->

## Performance targets
<!-- Proving time, proof size, verifier gas and WebAssembly bundle size you commit to. -->

## Milestones
<!-- 4 to 5 milestones, each with a benchmark or test a reviewer can rerun. -->

${milestoneTable(5)}

## Budget
<!-- Itemize cryptography engineering hours × rate, proving hardware, the circuit and verifier audit, and documentation. -->

${emptyTable(['Item', 'Hours × rate or fixed cost', 'Rationale', 'Amount (USD)'], 4)}

## Deliverables
<!-- Circuit and verifier repositories, a verifier address on a test network, benchmarks, and the security analysis. -->

## Team
<!-- Zero-knowledge work in production or published, with links; prior grants and their outcomes. -->

## Ecosystem alignment
<!-- Which wallets or bridges will use the light client first, and which trust assumptions it removes for them. -->

## KPIs
<!-- Integrations, verified headers per day, and verifier gas cost after launch. -->

## Timeline
<!-- Weeks per milestone; 4 to 6 months in total. -->
`,
    },

    // ---- Bounties -----------------------------------------------------------------------
    {
      id: 'a76a308d-c4e8-43fb-89a7-a3498004dda5',
      type: 'bounty',
      title: 'Bounty: Subgraph for Kelp v2 Vaults',
      sponsor: 'Kelp Protocol',
      track: 'DeFi',
      reward: '2,500 DAI',
      deadline: inDays(10),
      status: 'open',
      description: `Build and deploy a subgraph that indexes every Kelp v2 vault, so dashboards and integrators can query vault state without running their own indexer.

**Task**
- Index every vault created by the v2 VaultFactory on Kelp mainnet and testnet
- Entities: Vault, Deposit, Withdrawal, Harvest, and a daily VaultSnapshot (TVL, share price, APY)
- Follow vault upgrades through the Upgraded event

**Acceptance criteria**
- Deployed with a public query URL and fully synced on testnet
- Figures for 5 randomly chosen vaults match contract state within 0.1%
- README with example queries; MIT license
- Review comments from the Kelp team addressed within 7 days

The first submission that meets every criterion is paid 2,500 DAI. Contract addresses and ABIs: https://kelp-protocol.example/docs/contracts`,
      application_schema: [
        field('github_repository', 'Subgraph repository', 'url', true),
        field('subgraph_url', 'Deployed subgraph query URL', 'url', true),
        field('payout_address', 'DAI payout address', 'text', true),
        field('notes', 'Notes for the reviewer', 'textarea', false),
      ],
      template_md: `# [Your project name]

## Approach
<!-- How you map the v2 vault events to entities and how you handle vault upgrades. -->

## Deliverables
<!-- Repository, deployed subgraph URL, and a README with example queries. -->

## Timeline
<!-- Days until a fully synced testnet deployment. -->

## About you
<!-- Your GitHub handle and a subgraph or indexer you have shipped before. -->
`,
    },
    {
      id: 'e4c4009e-b705-44f1-8a0b-6323368f0b6f',
      type: 'bounty',
      title: 'Bounty: Fuzz the Bridge Message Decoder',
      sponsor: 'OpenRollup Collective',
      track: 'Security',
      reward: '5,000 USDC',
      deadline: inDays(14),
      status: 'open',
      description: `The OpenRollup canonical bridge decodes cross-chain messages in the Rust crate bridge-codec. We want a continuous fuzzing harness for it and a triage of whatever it finds.

**Task**
- Write cargo-fuzz targets for decode_message, decode_batch and the proof verifier entry point
- Build a seed corpus from 1,000 real mainnet messages
- Run the campaign for at least 72 CPU-hours and report the results
- Add a CI job that runs each target for 10 minutes on every pull request

**Acceptance criteria**
- Pull request merged into the bridge-codec repository
- Coverage report showing at least 85% line coverage of the decoder module
- Every crash reported privately first, with a minimal reproducer

Critical findings are also eligible for the bug bounty. Submit a free-form pitch; there is no form. Disclosure rules: https://openrollup.example/security/disclosure`,
      application_schema: null,
      template_md: `# [Your project name]

## Approach
<!-- The fuzz targets you will write, how you build the seed corpus, and where the campaign will run. -->

## Deliverables
<!-- Pull request with targets and the CI job, coverage report, and a findings summary without exploit details. -->

## Timeline
<!-- Days for the harness, the campaign (at least 72 CPU-hours) and triage. -->

## About you
<!-- Fuzzing or security work you have done before, with links (trophies, reports, tools). -->
`,
    },
    {
      id: 'bf6f1296-0265-468a-a4ec-4ccb9bab5d2d',
      type: 'bounty',
      title: 'Bounty: Translate the Meridian Developer Docs',
      sponsor: 'Meridian DAO',
      track: 'Education',
      reward: '1,200 USDC per language',
      deadline: inDays(21),
      status: 'open',
      description: `Meridian's developer documentation is English-only, yet a third of the docs site's visitors come from Latin America and Iberia. This bounty pays for a complete, reviewed translation of the Getting Started and Smart Contracts sections.

**Task**
- Translate about 18,000 words (42 pages) in the docs repository, leaving code samples unchanged
- Use the shared glossary and propose additions for new terms
- Open one pull request per section in the docs site's i18n folders

**Acceptance criteria**
- A native-speaker reviewer from the DAO approves each pull request
- No machine-translation artefacts (reviewers sample 10 pages)
- The docs build passes and all internal links resolve

Paid per language, 1,200 USDC each, once both sections are merged. Spanish and Portuguese are open. Contributor guide: https://meridiandao.example/docs/contributing`,
      application_schema: [
        select('target_language', 'Target language', ['Spanish', 'Portuguese (Brazil)', 'Portuguese (Portugal)'], true),
        field('github_username', 'GitHub username', 'text', true),
        field('translation_sample', 'A technical translation you did before', 'url', true),
        field('availability', 'Availability in the next 3 weeks', 'textarea', false),
      ],
      template_md: `# [Your project name]

## Approach
<!-- Language and variant, how you will use the glossary, and who proofreads your work. -->

## Deliverables
<!-- The pull requests you will open, one per docs section. -->

## Timeline
<!-- Working days per section, plus time for review fixes. -->

## About you
<!-- Native language, previous technical translations with links, and how well you know Meridian. -->
`,
    },
    {
      id: '273343e2-c326-4864-8c8e-3f5b51f4b35b',
      type: 'bounty',
      title: 'Bounty: Passkey Wallet Example in TypeScript',
      sponsor: 'Lumen Builders Fund',
      track: 'Developer Tooling',
      reward: '1,500 USDC',
      deadline: inDays(35),
      status: 'open',
      description: `New Lumen developers keep asking how to create a wallet protected by a device passkey (WebAuthn) instead of a seed phrase. We want a minimal, well-commented example app that shows the whole flow.

**Task**
- A Vite + TypeScript web app that registers a passkey, deploys a smart wallet contract on Lumen testnet and signs a payment with the passkey
- Use the official Lumen JS SDK and no other wallet library
- Explain each step in code comments and a README tutorial of about 1,500 words

**Acceptance criteria**
- Runs with npm install and npm run dev on a clean machine
- Works in current Chrome, Safari and Firefox
- Under 600 lines of application code, MIT licensed
- Accepted into the lumen-examples repository

Send a short free-form pitch first so we can avoid duplicate work; the first accepted pull request is paid. Background: https://lumen-builders.example/docs/passkeys`,
      application_schema: null,
      template_md: `# [Your project name]

## Approach
<!-- The passkey registration and signing flow you will implement, and the SDK calls it uses. -->

## Deliverables
<!-- App repository or pull request, the README tutorial, and a hosted demo link if you have one. -->

## Timeline
<!-- Days to a first working version and to the finished tutorial. -->

## About you
<!-- Your GitHub profile, a TypeScript or WebAuthn project you built, and whether you have used Lumen before. -->
`,
    },
    {
      id: 'd9884a23-50fa-4369-8b3d-c1cb085bdeab',
      type: 'bounty',
      title: 'Bounty: Gas Benchmarks for Arcadia Precompiles',
      sponsor: 'Arcadia Foundation',
      track: 'Research',
      reward: '3,000 USDC',
      deadline: inDays(-5),
      status: 'open',
      description: `Arcadia's next network upgrade reprices the cryptographic precompiles. Before the governance vote, the Foundation wants independent, reproducible measurements of what each precompile actually costs on reference hardware.

**Task**
- Benchmark the 9 precompiles (hashing, signature verification, BLS pairing, modular exponentiation) in the current Arcadia node release
- Run on the two reference machines described in the spec, 30 repetitions each
- Compare measured time per gas with the current and the proposed gas schedules

**Acceptance criteria**
- A repository with a one-command benchmark runner and raw results in CSV
- A report of 3 to 6 pages with charts and a recommendation per precompile
- Results reproducible by a Foundation engineer within 10%

The first submission that meets every criterion is paid 3,000 USDC. Benchmark spec: https://arcadia-foundation.example/research/precompile-bench`,
      application_schema: [
        field('github_repository', 'Benchmark repository', 'url', true),
        field('report_url', 'Report (PDF or Markdown)', 'url', true),
        field('hardware_description', 'Hardware and OS used', 'textarea', true),
        field('notes', 'Anything the reviewer should know', 'textarea', false),
      ],
      template_md: `# [Your project name]

## Approach
<!-- Your benchmark harness, how you isolate each precompile, and how you control noise across 30 repetitions. -->

## Deliverables
<!-- Repository with the runner, CSV results, and the report. -->

## Timeline
<!-- Days for setup, the runs on both reference machines, and the report. -->

## About you
<!-- Benchmarking or node-development work you have done before, with links. -->
`,
    },
  ]

  return {
    users: DEMO_USERS.map(({ email, password }) => ({ email, password })),
    grants,
  }
}
