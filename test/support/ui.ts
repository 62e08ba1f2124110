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

/** The window sizes every screen is photographed at. */
export const SCREEN_SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const

/** Both themes, forced through the OS preference the app follows by default (Settings: System). */
export const THEMES = ['light', 'dark'] as const

/**
 * The axe rules whose outcome reads colours. A theme sets colours only (styles/base.css's
 * `light-dark()` roles, and the few sheets that pick a colour per theme; none touches layout or
 * what is shown), so the other rules find the same in both: they run in the light theme, at both
 * sizes, and these run in both themes.
 * A full axe run costs 3–5 s a screen on the 2-core CI machine, and 42 screens are checked.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

async function axeSummary(page: Page, screen: string, only?: string[]): Promise<AxeSummary> {
  const builder = new AxeBuilder({ page })
  const results = await (only ? builder.withRules(only) : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])).analyze()
  return {
    screen,
    violations: results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    })),
  }
}

/**
 * Photographs the screen at both sizes in both themes (`<screen>-<theme>-<w>x<h>.png`) and runs
 * axe on each (in the dark theme, the rules that read colours: see COLOUR_RULES), then puts the
 * window back as it was. Fails on any serious or critical finding in either theme: contrast is
 * checked in the dark theme as much as in the light one.
 */
export async function checkScreen(page: Page, testInfo: TestInfo, screen: string): Promise<AxeSummary> {
  mkdirSync(SCREENS_DIR, { recursive: true })
  mkdirSync(AXE_DIR, { recursive: true })
  // Four pictures and four axe runs take a while on a shared machine: the test gets time for them.
  testInfo.setTimeout(testInfo.timeout + 120_000)
  const viewport = page.viewportSize()
  const all: AxeSummary = { screen, violations: [] }
  const blocking: (AxeSummary['violations'][number] & { where: string })[] = []
  try {
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme })
      for (const size of SCREEN_SIZES) {
        await page.setViewportSize(size)
        // A frame for the layout and the theme's transitions to settle before the picture.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))))
        const where = `${theme}-${size.width}x${size.height}`
        const shot = join(SCREENS_DIR, `${screen}-${where}.png`)
        await page.screenshot({ path: shot, fullPage: true })
        await testInfo.attach(`screen: ${screen} (${where})`, { path: shot, contentType: 'image/png' })
        const summary = await axeSummary(page, `${screen} (${where})`, theme === 'light' ? undefined : COLOUR_RULES)
        writeFileSync(join(AXE_DIR, `${screen}-${where}.json`), `${JSON.stringify(summary, null, 2)}\n`)
        all.violations.push(...summary.violations)
        blocking.push(...summary.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ ...v, where })))
      }
    }
  } finally {
    await page.emulateMedia({ colorScheme: 'light' })
    if (viewport) await page.setViewportSize(viewport)
  }
  expect(blocking, `axe found serious or critical problems on the ${screen} screen`).toEqual([])
  return all
}
