/**
 * The Markdown rules shared by the app's preview and the review copy (src/shared/markdown):
 * which links are kept, how an image stands in, and that the sanitize schema has no way to load
 * anything even if the transform before it missed something.
 */
import type { Root } from 'hast'
import { describe, expect, it } from 'vitest'
import { SAFE_SANITIZE_SCHEMA, imageLabel, isLinkableImage, isSafeLink, rehypeSafeMarkdown } from '../../../../src/shared/markdown'

describe('the safe Markdown rules', () => {
  it('keep http, https and mailto links only, as the app’s preview does', () => {
    for (const href of ['https://example.org', 'http://example.org/a?b=1', 'HTTPS://EXAMPLE.ORG', 'mailto:grants@example.org'])
      expect(isSafeLink(href), href).toBe(true)
    for (const href of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      '../secret.md',
      '#top',
      '//evil.example',
      '',
      null,
    ])
      expect(isSafeLink(href), String(href)).toBe(false)
    expect(isLinkableImage('https://tracker.example/p.png')).toBe(true)
    expect(isLinkableImage('data:image/png;base64,AAAA')).toBe(false)
    expect(imageLabel('team photo')).toBe('[Image: team photo]')
    expect(imageLabel('  ')).toBe('[Image]')
  })

  it('have a sanitize schema that allows no image, no source and no link but http, https and mailto', () => {
    expect(SAFE_SANITIZE_SCHEMA.tagNames).not.toContain('img')
    expect(SAFE_SANITIZE_SCHEMA.tagNames).not.toContain('script')
    expect(SAFE_SANITIZE_SCHEMA.attributes).not.toHaveProperty('img')
    expect(SAFE_SANITIZE_SCHEMA.protocols?.['href']).toEqual(['http', 'https', 'mailto'])
    expect(SAFE_SANITIZE_SCHEMA.protocols?.['src']).toEqual([])
  })

  it('turn raw HTML into text, images into links or labels, unsafe links into their words', () => {
    const tree: Root = {
      type: 'root',
      children: [
        { type: 'raw', value: '<script>alert(1)</script>' } as unknown as Root['children'][number],
        {
          type: 'element',
          tagName: 'p',
          properties: {},
          children: [
            { type: 'element', tagName: 'img', properties: { src: 'https://tracker.example/p.png', alt: 'pixel' }, children: [] },
            { type: 'element', tagName: 'img', properties: { src: 'file:///x.png', alt: '' }, children: [] },
            { type: 'element', tagName: 'a', properties: { href: 'javascript:alert(1)' }, children: [{ type: 'text', value: 'click' }] },
          ],
        },
      ],
    }
    rehypeSafeMarkdown()(tree)
    expect(tree.children[0]).toEqual({ type: 'text', value: '<script>alert(1)</script>' })
    expect(tree.children[1]).toMatchObject({
      children: [
        { tagName: 'a', properties: { href: 'https://tracker.example/p.png' }, children: [{ type: 'text', value: '[Image: pixel]' }] },
        { tagName: 'span', children: [{ type: 'text', value: '[Image]' }] },
        { tagName: 'span', properties: {}, children: [{ type: 'text', value: 'click' }] },
      ],
    })
  })
})
