/** A file that cannot be imported, with the reason in the user's terms (what it is, what to do). */
export class ImportError extends Error {
  override name = 'ImportError'
}
