/**
 * Every flow of the screens, as an applicant does it: in Debian's Chromium, through the browser
 * host, against the sandbox with the tests' own fixture. The tests run in order on one stack:
 * the login of the first is the session of the others, as in one sitting at the app. Each
 * screen is checked with axe and photographed (test-results/screens).
 */
import { expect, test } from '@playwright/test'
import { IDS } from '../support/service'
import { countApplications, storedApplication, storedFeedback } from '../support/core'
import { checkScreen } from '../support/ui'
import { GOOD_PITCH, USER, expectSaved, openGrant, openScreen, useScreensStack, watchForErrors } from './support'

test.describe.configure({ mode: 'serial' })

const stack = useScreensStack()

test('a new user checks the service address and logs in from the welcome screen', async ({ page }, testInfo) => {
  const errors = watchForErrors(page)
  await page.goto(stack().pageUrl)
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Grant Desk' })).toBeVisible()
  await expect(page.getByText('Connected: the service lists 5 grants')).toBeVisible()
  await checkScreen(page, testInfo, 'welcome')

  await page.getByLabel('Email').fill(USER.email)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('form', { name: 'Log in to the grant service' }).getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('email and password')
  await expect(page.getByText(/kept|stored|saved/i).first()).toBeVisible() // where credentials are kept is said

  await page.getByLabel('Password').fill(USER.password)
  await page.getByRole('form', { name: 'Log in to the grant service' }).getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Grants and bounties' })).toBeVisible()
  // The status line is quiet: the connection and who is logged in; the address is its tooltip.
  await expect(page.getByTestId('wiring')).toHaveText(`Online·Logged in as ${USER.email}`)
  await expect(page.getByTestId('connection-state')).toHaveAttribute('title', `Grant service: ${stack().service.url}`)
  expect(errors).toEqual([])
})

test('the grant browser filters on the service, searches and sorts instantly', async ({ page }, testInfo) => {
  await page.goto(stack().pageUrl)
  await expect(page.getByRole('heading', { level: 1, name: 'Grants and bounties' })).toBeVisible()
  const rows = page.getByTestId('grant-row')
  await expect(rows.filter({ hasText: 'Open grant with a form' })).toHaveCount(1)
  await expect(rows.filter({ hasText: 'Closed early' })).toHaveCount(0)

  await page.getByLabel('Status').selectOption('all')
  await expect(rows.filter({ hasText: 'Closed early' })).toHaveCount(1)
  await expect(rows).toHaveCount(5)
  await expect(rows.filter({ hasText: 'Closed early' })).toContainText('closed')
  await expect(rows.filter({ hasText: 'A bounty' })).toContainText(/closes in (1 day|\d+ hours)/)
  await expect(rows.filter({ hasText: 'A bounty' })).toContainText(/closing soon/i)

  await page.getByLabel('Type').selectOption('bounty')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('A bounty')
  await page.getByLabel('Type').selectOption('all')
  await expect(rows).toHaveCount(5)

  // "/" jumps to the search box; the search covers title, sponsor, track and reward.
  await page.getByRole('heading', { level: 1 }).click()
  await page.keyboard.press('/')
  await expect(page.getByLabel('Search grants')).toBeFocused()
  await page.keyboard.type('public goods')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Free-form grant')
  await page.getByLabel('Search grants').fill('1,200')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('A bounty')
  await page.getByLabel('Search grants').fill('')
  await expect(rows).toHaveCount(5)

  await page.getByLabel('Sort by').selectOption({ label: 'Title' })
  await expect(rows.first()).toContainText('A bounty')
  await expect(rows.last()).toContainText('Open grant with a form')
  await page.getByLabel('Sort by').selectOption({ label: 'Deadline' })
  await expect(rows.first()).toContainText('A bounty')
  await checkScreen(page, testInfo, 'grants')
})

test('the detail shows the sanitized description and the form, and a draft starts from the template', async ({ page }, testInfo) => {
  const errors = watchForErrors(page)
  await page.goto(stack().pageUrl)
  await openGrant(page, 'Open grant with a form')

  const description = page.getByTestId('grant-description')
  await expect(description.locator('strong')).toHaveText('developer tools')
  const link = description.getByRole('link', { name: 'the program page' })
  await expect(link).toHaveAttribute('href', 'https://example.org/program')
  await expect(link).toHaveAttribute('target', '_blank')
  expect(await description.locator('script, img[onerror], a[href^="javascript"]').count()).toBe(0)
  expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: string }).__pwned)).toBeUndefined()
  await expect(page.getByTestId('grant-fields')).toContainText('Project name')
  // The app's own faces, bundled: the sponsor's Markdown is set in them, not the system's.
  expect(await description.locator('.wmde-markdown').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Inter Variable/)
  const loadedFaces = () =>
    page.evaluate(async () => {
      await document.fonts.ready
      const loaded: string[] = []
      document.fonts.forEach((face) => {
        if (face.status === 'loaded') loaded.push(face.family.replaceAll('"', ''))
      })
      return loaded
    })
  expect(await loadedFaces()).toContain('Inter Variable')
  await checkScreen(page, testInfo, 'grant-detail')

  await page.getByRole('button', { name: 'Start draft' }).click()
  const pitch = page.getByLabel('Pitch (Markdown)')
  await expect(pitch).toHaveValue('# [Your project name]\n\n## Problem statement\n<!-- One sentence. -->\n')
  await expect(page.getByRole('heading', { name: 'Checklist' })).toBeVisible()

  // Required fields are marked, and flagged once the applicant tries to submit without them:
  // the core's check names each one and nothing is sent.
  const projectName = page.getByLabel(/^Project name/)
  await expect(projectName).toHaveAttribute('aria-required', 'true')
  await expect(projectName).not.toHaveAttribute('aria-invalid', 'true')
  await page.getByRole('button', { name: 'Submit…' }).click()
  const refused = page.getByTestId('submit-dialog')
  await expect(refused).toContainText('Fix these before submitting')
  await expect(refused).toContainText('Project name')
  await refused.getByRole('button', { name: 'Close' }).click()
  await expect(projectName).toHaveAttribute('aria-invalid', 'true')
  expect(countApplications(stack().service.dataFile)).toBe(0)
  // The form is a tab beside the pitch.
  await page.getByRole('tab', { name: 'Fields' }).click()

  // Schema-driven fields: a URL is checked as the applicant types, a number too.
  const repo = page.getByLabel(/^Repository/)
  await repo.fill('github.com/example/kit')
  await repo.blur()
  await expect(repo).toHaveAttribute('aria-invalid', 'true')
  await repo.fill('https://github.com/example/kit')
  await repo.blur()
  await expect(repo).not.toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel(/^Project name/).fill('Indexer kit')
  await page.getByLabel(/^Amount \(USD\)/).fill('15,000')
  await page.getByLabel(/^Details/).fill('A kit for indexers.')
  await page.getByLabel(/^Stage/).selectOption('Beta')
  await pitch.fill(GOOD_PITCH)
  await expectSaved(page)
  // The Markdown source in the app's monospace, without ligatures (typing speed).
  expect(await pitch.evaluate((el) => [getComputedStyle(el).fontFamily, getComputedStyle(el).fontVariantLigatures])).toEqual([
    expect.stringMatching(/^"?JetBrains Mono Variable/),
    'none',
  ])
  expect(await loadedFaces()).toContain('JetBrains Mono Variable')
  await checkScreen(page, testInfo, 'editor')

  // The draft is on disk: a reload (or a restart) finds it, fields and all.
  await page.reload()
  await openScreen(page, 'Drafts')
  await expect(page.getByRole('heading', { level: 1, name: 'Drafts' })).toBeVisible()
  await checkScreen(page, testInfo, 'drafts')
  await page.getByRole('button', { name: 'Open draft for Open grant with a form' }).click()
  await expect(page.getByLabel('Pitch (Markdown)')).toHaveValue(GOOD_PITCH)
  await expect(page.getByLabel(/^Repository/)).toHaveValue('https://github.com/example/kit')
  await expect(page.getByLabel(/^Stage/)).toHaveValue('Beta')
  expect(errors).toEqual([])
})

test('submitting shows what is sent and where, succeeds, and a copy submitted again is marked not sent, never submitted', async ({ page }, testInfo) => {
  await page.goto(stack().pageUrl)
  await openScreen(page, 'Drafts')
  await page.getByRole('button', { name: 'Open draft for Open grant with a form' }).click()
  await expect(page.getByLabel('Pitch (Markdown)')).toHaveValue(GOOD_PITCH)

  await page.getByRole('button', { name: 'Submit…' }).click()
  const dialog = page.getByTestId('submit-dialog')
  await expect(dialog).toContainText(`POST ${stack().service.url}/api/build/${IDS.open}/apply`)
  await expect(dialog).toContainText('https://github.com/example/kit')
  await expect(dialog).toContainText('Indexer kit')
  await checkScreen(page, testInfo, 'submit-confirmation')
  await dialog.getByRole('button', { name: 'Submit application' }).click()
  await expect(dialog.getByTestId('submit-outcome')).toContainText('Submitted. Application')
  const applicationId = (await dialog.getByTestId('application-id').textContent())!.trim()
  expect(applicationId).toMatch(/^[0-9a-f-]{36}$/)
  const stored = storedApplication(stack().service.dataFile, applicationId)
  expect(stored?.pitch).toBe(GOOD_PITCH)
  expect(JSON.parse(stored!.custom_fields!)).toEqual({
    project_name: 'Indexer kit',
    repo: 'https://github.com/example/kit',
    details: 'A kit for indexers.',
    amount: '15,000',
    stage: 'Beta',
  })
  await dialog.getByRole('button', { name: 'Close' }).click()

  // Submitted drafts are read-only; a copy can be made, and submitting it finds the same application.
  await expect(page.getByTestId('submitted-notice')).toContainText(applicationId)
  const sentDraftUrl = page.url()
  const sentDraftId = decodeURIComponent(/#\/draft\/([^?]+)/.exec(sentDraftUrl)![1]!)
  await page.getByRole('button', { name: 'Duplicate as new draft' }).click()
  await expect(page.getByTestId('submitted-notice')).toHaveCount(0)
  await expect(page.getByLabel('Pitch (Markdown)')).toHaveValue(GOOD_PITCH)
  await page.getByRole('button', { name: 'Submit…' }).click()
  await dialog.getByRole('button', { name: 'Submit application' }).click()
  // The copy's text was never sent: it says so, names the application and the draft that was sent.
  const outcome = dialog.getByTestId('submit-outcome')
  await expect(outcome).toContainText(`Not sent — already applied (application ${applicationId}, from draft ${sentDraftId}.md)`)
  await expect(outcome).not.toContainText('Submitted')
  await expect(dialog.getByTestId('application-id')).toHaveText(applicationId)
  expect(countApplications(stack().service.dataFile)).toBe(1)
  await checkScreen(page, testInfo, 'submit-not-sent')
  await dialog.getByRole('button', { name: 'Close' }).click()

  // The copy stays an editable draft with the note; the drafts list says "Not sent", not "Submitted".
  await expect(page.getByTestId('not-sent-notice')).toContainText(`Not sent — already applied (application ${applicationId}`)
  await expect(page.getByTestId('submitted-notice')).toHaveCount(0)
  await expect(page.getByLabel('Pitch (Markdown)')).toBeEditable()
  await page
    .getByTestId('not-sent-notice')
    .getByRole('button', { name: `Open the draft that was sent (${sentDraftId}.md)` })
    .click()
  await expect(page.getByTestId('submitted-notice')).toContainText(applicationId)
  await openScreen(page, 'Drafts')
  const rows = page.getByTestId('drafts-table').getByRole('row')
  await expect(rows.filter({ hasText: 'Not sent' })).toHaveCount(1)
  await expect(rows.filter({ hasText: 'Submitted' })).toHaveCount(1)
  await expect(rows.filter({ hasText: 'Not sent' })).toContainText(`from draft ${sentDraftId}.md`)

  // The grant's row and page say the applicant applied, and when: the day in the browser's locale
  // (Playwright's Chromium: en-US).
  await openScreen(page, 'Grants')
  await expect(page.getByTestId('grant-row').filter({ hasText: 'Open grant with a form' }).getByTestId('my-grant-status')).toHaveText(
    /^Applied [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
  )
  await checkScreen(page, testInfo, 'grants-applied')

  await openScreen(page, 'Applications')
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible()
  await expect(page.getByRole('table')).toContainText(applicationId)
  await checkScreen(page, testInfo, 'applications')
  await page.getByRole('button', { name: 'Open draft for Open grant with a form' }).first().click()
  await expect(page.getByTestId('submitted-notice')).toContainText(applicationId)
})

test('a grant whose deadline has passed cannot be submitted', async ({ page }) => {
  const before = countApplications(stack().service.dataFile)
  await page.goto(stack().pageUrl)
  await openGrant(page, 'Deadline passed')
  await expect(page.getByText(/cannot be submitted/)).toBeVisible()
  await page.getByRole('button', { name: 'Start draft' }).click()
  await page.getByLabel('Pitch (Markdown)').fill(GOOD_PITCH)
  await expectSaved(page)
  await page.getByRole('button', { name: 'Submit…' }).click()
  const dialog = page.getByTestId('submit-dialog')
  await expect(dialog).toContainText(/deadline for this grant passed on/)
  await expect(dialog.getByRole('button', { name: 'Submit application' })).toHaveCount(0)
  expect(countApplications(stack().service.dataFile)).toBe(before)
})

test('a free-form grant sends the pitch alone', async ({ page }) => {
  await page.goto(stack().pageUrl)
  await openGrant(page, 'Free-form grant')
  await expect(page.getByText('Free-form application: only the pitch is sent.')).toBeVisible()
  await page.getByRole('button', { name: 'Start draft' }).click()
  await page.getByRole('tab', { name: 'Fields' }).click()
  await expect(page.getByText('Free-form application: only the pitch is sent.')).toBeVisible()
  await page.getByLabel('Pitch (Markdown)').fill(GOOD_PITCH)
  await expectSaved(page)
  await page.getByRole('button', { name: 'Submit…' }).click()
  const dialog = page.getByTestId('submit-dialog')
  await expect(dialog).toContainText('Free-form application: only the pitch is sent.')
  await dialog.getByRole('button', { name: 'Submit application' }).click()
  await expect(dialog.getByTestId('submit-outcome')).toContainText('Submitted. Application')
  const applicationId = (await dialog.getByTestId('application-id').textContent())!.trim()
  expect(storedApplication(stack().service.dataFile, applicationId)).toMatchObject({ pitch: GOOD_PITCH, custom_fields: null, grant_id: IDS.freeForm })
})

test('checklist errors are listed before submitting and need an explicit “submit anyway”', async ({ page }) => {
  await page.goto(stack().pageUrl)
  await openGrant(page, 'A bounty')
  await page.getByRole('button', { name: 'Start draft' }).click()
  // The untouched template: blank sections (one to-do each) and a placeholder title.
  await expect(page.getByTestId('checklist-progress')).toContainText(/^0 of \d+ sections? written/)
  await expect(page.getByTestId('checklist-write').first()).toBeVisible()
  const finding = page.getByRole('button', { name: /line \d+/ }).first()
  await finding.click()
  // Clicking a finding selects its line in the editor.
  const selected = await page.getByLabel('Pitch (Markdown)').evaluate((el) => {
    const area = el as unknown as { selectionStart: number; selectionEnd: number; value: string }
    return area.value.slice(area.selectionStart, area.selectionEnd)
  })
  expect(selected.length).toBeGreaterThan(0)

  await page.getByRole('button', { name: 'Submit…' }).click()
  const dialog = page.getByTestId('submit-dialog')
  await expect(dialog.getByRole('heading', { name: 'Checklist: must fix' })).toBeVisible()
  const submit = dialog.getByRole('button', { name: 'Submit application' })
  await expect(submit).toBeDisabled()
  await dialog.getByLabel('Submit anyway, with these problems').check()
  await expect(submit).toBeEnabled()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
})

test('a report of an outdated guide reaches the service', async ({ page }, testInfo) => {
  await page.goto(stack().pageUrl)
  await openScreen(page, 'Report an outdated guide')
  await expect(page.getByRole('heading', { level: 1, name: 'Report an outdated guide' })).toBeVisible()
  await checkScreen(page, testInfo, 'feedback')
  const issue = 'The milestone guidance still asks for 3–5 milestones; the sponsor now allows 2.'
  await page.getByLabel('What is outdated or wrong?').fill(issue)
  await page.getByRole('button', { name: 'Send report' }).click()
  await expect(page.getByRole('status').filter({ hasText: /thank|received|sent/i })).toBeVisible()
  expect(storedFeedback(stack().service.dataFile)).toContainEqual({ skill: 'grant-desk/grant-apply', issue })
})

test('settings show the address in use and check it', async ({ page }, testInfo) => {
  await page.goto(stack().pageUrl)
  await openScreen(page, 'Settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await page.getByRole('button', { name: 'Check address' }).click()
  await expect(page.getByText(/Connected: the service lists 5 grants/)).toBeVisible()
  await checkScreen(page, testInfo, 'settings')
})

test('the theme chosen in Settings applies at once, over the OS’s, and is kept', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(stack().pageUrl)
  await openScreen(page, 'Settings')
  const theme = page.getByRole('group', { name: 'Theme' })
  await expect(theme.getByRole('radio', { name: 'System' })).toBeChecked()
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
  const light = await background()

  await theme.getByRole('radio', { name: 'Dark' }).check()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  // The Markdown editor's stylesheet reads its own attribute; it follows the app's.
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'dark')
  await expect.poll(background).not.toBe(light)
  const dark = await background()
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  expect(await background()).toBe(dark)
  await openScreen(page, 'Settings')
  await expect(page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toBeChecked()

  await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'System' }).check()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'system')
  await expect.poll(background).toBe(light)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(background).toBe(dark)
  await page.emulateMedia({ colorScheme: 'light' })
})
