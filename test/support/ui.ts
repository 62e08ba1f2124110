/**
 * What every end-to-end screen check does: run axe on the page as the applicant sees it,
 * fail on serious or critical violations, keep every finding (minor ones too) as an artifact
 * for the closing note, and keep a screenshot of the screen.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { type Page, type TestInfo, expect } from '@playwright/test'

export const SCREENS_DIR = 'test-results/screens'
export const AXE_DIR = 'test-results/axe'

export interface AxeSummary {
  screen: string
  violations: { id: string; impact: string | null; help: string; nodes: number; targets: string[] }[]
}

export async function checkScreen(page: Page, testInfo: TestInfo, screen: string): Promise<AxeSummary> {
  mkdirSync(SCREENS_DIR, { recursive: true })
  mkdirSync(AXE_DIR, { recursive: true })
  const shot = join(SCREENS_DIR, `${screen}.png`)
  await page.screenshot({ path: shot, fullPage: true })
  await testInfo.attach(`screen: ${screen}`, { path: shot, contentType: 'image/png' })

  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  const summary: AxeSummary = {
    screen,
    violations: results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    })),
  }
  writeFileSync(join(AXE_DIR, `${screen}.json`), `${JSON.stringify(summary, null, 2)}\n`)
  const blocking = summary.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(blocking, `axe found serious or critical problems on the ${screen} screen`).toEqual([])
  return summary
}
