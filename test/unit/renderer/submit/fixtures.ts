import type { ApplicationsPreviewOutput, ApplicationsSubmitOutput, ChecklistReport, Draft } from '../../../../src/shared/ipc'

export const NOW = Date.parse('2026-03-01T12:00:00.000Z')
export const GRANT_ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f'
export const APPLICATION_ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d'

export const CLEAN: ChecklistReport = { errors: 0, warnings: 1, infos: 0, verdict: 'Ready to submit, with 1 to improve.', findings: [] }

export const WITH_ERRORS: ChecklistReport = {
  errors: 2,
  warnings: 0,
  infos: 0,
  verdict: 'Not ready: 2 must fix.',
  findings: [
    {
      ruleId: 'budget-missing',
      severity: 'error',
      message: 'The pitch has no budget section.',
      hint: 'Add a "## Budget" heading with amounts.',
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
    },
    {
      ruleId: 'placeholder-left',
      severity: 'error',
      message: 'A template placeholder is still in the text.',
      hint: 'Replace "TODO" with your own words.',
      line: 7,
      column: 3,
      endLine: 7,
      endColumn: 7,
    },
  ],
}

export function preview(overrides: Partial<ApplicationsPreviewOutput> = {}): ApplicationsPreviewOutput {
  return {
    method: 'POST',
    url: `https://grants.example.org/grants/${GRANT_ID}/apply`,
    body: { pitch: '# My project\n\nWe build **open tools**.', custom_fields: { website: 'https://example.org', team_size: '4' } },
    loggedIn: true,
    grant: { id: GRANT_ID, title: 'Open Tools Fund', deadline: '2026-03-10T17:00:00.000Z' },
    checklist: CLEAN,
    review: { openThreads: 0, approval: 'none', text: 'not approved yet', unreadable: 0, approvals: { counted: 0, required: 1 }, authors: [], notCounted: [] },
    openThreads: [],
    ...overrides,
  }
}

const draft: Draft = {
  id: 'open-tools-fund',
  fileName: 'open-tools-fund.md',
  path: '/home/me/grant-drafts/open-tools-fund.md',
  version: 'a'.repeat(64),
  grant: {
    id: GRANT_ID,
    title: 'Open Tools Fund',
    reward: '$10,000',
    deadline: '2026-03-10T17:00:00.000Z',
    applyEndpoint: `/grants/${GRANT_ID}/apply`,
    applicationSchema: null,
    type: null,
  },
  pitch: '# My project',
  customFields: {},
  status: 'submitted',
  applicationId: APPLICATION_ID,
  projectKind: null,
  createdAt: '2026-02-20T10:00:00.000Z',
  updatedAt: '2026-03-01T11:59:00.000Z',
}

export function submitted(alreadyApplied: boolean): ApplicationsSubmitOutput {
  return {
    application: {
      applicationId: APPLICATION_ID,
      grantId: GRANT_ID,
      grantTitle: 'Open Tools Fund',
      status: 'pending',
      message: 'Application received.',
      submittedAt: '2026-03-01T12:00:00.000Z',
      draftId: 'open-tools-fund',
    },
    alreadyApplied,
    notSent: false,
    draft,
  }
}

export const SENT_DRAFT_ID = 'open-tools-fund'

/** A copy refused with 409: the earlier application, and this draft (still a draft) noted as not sent. */
export function refusedCopy(fromDraftId: string | null = SENT_DRAFT_ID): ApplicationsSubmitOutput {
  const out = submitted(true)
  return {
    ...out,
    notSent: true,
    draft: {
      ...out.draft,
      id: 'open-tools-fund-2',
      fileName: 'open-tools-fund-2.md',
      status: 'draft',
      applicationId: null,
      notSent: { applicationId: APPLICATION_ID, fromDraftId, at: '2026-03-01T12:00:00.000Z' },
    },
  }
}
