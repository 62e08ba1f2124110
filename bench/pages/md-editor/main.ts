/// <reference lib="dom" />
/**
 * The editor bench's library page (bench/editor-typing.bench.ts): nothing but
 * `@uiw/react-md-editor` (without code highlighting, as the app imports it) holding the pitch,
 * used as its README shows: a controlled `value` in React state, `onChange` setting it. The
 * write-only mode the app's pitch editor types in (`preview="edit"`), the window's height.
 * The text is the bench's (`/pitch/<size>`, the size from `?size=`).
 */
import MDEditor from '@uiw/react-md-editor/nohighlight'
import { createElement, useState } from 'react'
import { createRoot } from 'react-dom/client'

function Editor({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial)
  return createElement(MDEditor, {
    value,
    onChange: (next?: string) => setValue(next ?? ''),
    preview: 'edit',
    height: '100vh',
    visibleDragbar: false,
    textareaProps: { 'aria-label': 'Pitch' },
  })
}

const size = new URLSearchParams(location.search).get('size') ?? '0'
const text = await (await fetch(`/pitch/${size}`)).text()
createRoot(document.getElementById('root')!).render(createElement(Editor, { initial: text }))
