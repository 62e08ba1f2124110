import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SafeMarkdown } from '../../../../src/renderer/src/components/SafeMarkdown'

describe('SafeMarkdown', () => {
  it('renders Markdown and strips scripts, event handlers and javascript: links', () => {
    const { container } = render(
      <SafeMarkdown
        source={'# Title\n\nFunds **tools**. [site](https://example.org) [bad](javascript:alert(1))\n\n<script>alert(1)</script><img src=x onerror="alert(1)"><iframe src="https://evil.test"></iframe>'}
      />,
    )
    expect(container.querySelector('strong')?.textContent).toBe('tools')
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelector('iframe')).toBeNull()
    expect(container.innerHTML).not.toMatch(/onerror|javascript:/i)
    const links = [...container.querySelectorAll('a')]
    const site = links.find((a) => a.textContent === 'site')!
    expect(site.getAttribute('href')).toBe('https://example.org')
    expect(site.getAttribute('target')).toBe('_blank')
    expect(site.getAttribute('rel')).toBe('noopener noreferrer')
    expect(links.find((a) => a.textContent === 'bad')?.getAttribute('href') ?? null).toBeNull()
  })

  it('leaves no hidden focusable anchor inside headings', () => {
    const { container } = render(<SafeMarkdown source={'## Milestones\n\ntext'} />)
    const heading = container.querySelector('h2')!
    expect(heading.textContent).toBe('Milestones')
    expect(heading.querySelector('a')).toBeNull()
  })
})
