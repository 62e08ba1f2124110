/** Saves text as a file through the page: a Blob, a link with `download`, a click, and the URL let go. Works in the desktop app and the browser host alike. */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The click starts the download synchronously; letting go on the next turn is safe everywhere.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
