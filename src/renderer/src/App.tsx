/**
 * The application frame. The screens (grant browser, draft editor, submission) are built on the
 * IPC contract and arrive with it; until then this frame only proves the renderer builds and
 * mounts.
 */
export function App() {
  return (
    <main>
      <h1>Grant Desk</h1>
    </main>
  )
}
