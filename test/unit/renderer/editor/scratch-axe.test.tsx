import { render } from '@testing-library/react'
import MDEditor from '@uiw/react-md-editor/nohighlight'
import axe from 'axe-core'
import { it } from 'vitest'

it('dom', async () => {
  const { container } = render(<main><h1>x</h1><MDEditor value={'# Hi\n\ntext'} onChange={() => {}} preview="edit" height={520} textareaProps={{ id: 'pitch-editor', 'aria-label': 'Pitch (Markdown)' }} /></main>)
  console.log(container.innerHTML.replace(/<path[^>]*>(<\/path>)?/g, ''))
  const r = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
  for (const v of r.violations) console.log(v.id, v.impact, v.nodes.length, v.nodes.slice(0, 3).map((n) => n.html).join('\n  '))
})
