// @vitest-environment jsdom
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SafeMarkdown } from '../../../../src/renderer/src/components/SafeMarkdown'

describe('SafeMarkdown', () => {
  it('renders Markdown and strips scripts, event handlers and javascript: links', () => {
    const { container } = render(
      <SafeMarkdown
        source={
          '# Title\n\nFunds **tools**. [site](https://example.org) [bad](javascript:alert(1))\n\n<script>alert(1)</script><img src=x onerror="alert(1)"><iframe src="https://evil.test"></iframe>'
        }
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

describe('SafeMarkdown images and links', () => {
  it('loads no image: a remote one becomes a link to it, anything else its alt text', () => {
    const { container } = render(<SafeMarkdown source={'![team photo](https://tracker.example/p.png) ![local](data:image/png;base64,AAAA)'} />)
    expect(container.querySelector('img')).toBeNull()
    const link = container.querySelector('a')!
    expect(link.getAttribute('href')).toBe('https://tracker.example/p.png')
    expect(link.textContent).toBe('[Image: team photo]')
    expect(container.textContent).toContain('[Image: local]')
  })

  it('shows in-page and relative links as text, keeping mailto', () => {
    const { container } = render(<SafeMarkdown source={'[top](#top) [file](../secret.md) [mail](mailto:grants@example.org)'} />)
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))
    expect(hrefs).toEqual(['mailto:grants@example.org'])
    expect(container.textContent).toContain('top')
    expect(container.textContent).toContain('file')
  })
})

describe('SafeMarkdown heading levels', () => {
  it('moves headings below the screen’s own, never past h6', () => {
    const { container } = render(<SafeMarkdown source={'# Title\n\n## Problem\n\n##### Deep\n\n###### Deepest'} headingOffset={2} />)
    expect([...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => `${h.tagName}:${h.textContent}`)).toEqual([
      'H3:Title',
      'H4:Problem',
      'H6:Deep',
      'H6:Deepest',
    ])
  })
})
