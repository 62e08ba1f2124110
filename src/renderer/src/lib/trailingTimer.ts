/**
 * A timer that runs its task once `delayMs` have passed since the last `touch()`: what
 * clearTimeout + setTimeout on every touch does, without a browser timer per touch. A keystroke
 * touches several of these (the autosave, each view that waits for a pause in typing); a timer
 * cancelled and made again on each key was a tenth of a millisecond of every keystroke
 * (bench/editor-typing.bench.ts). Here a touch notes the time, and the one timer, when it comes
 * due early, waits for what is left.
 */
export class TrailingTimer {
  private last = 0
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly delayMs: number,
    private readonly task: () => void,
  ) {}

  /** The task runs `delayMs` from now, unless touched again meanwhile. */
  touch(): void {
    // Date.now, not performance.now: the tests' fake timers move it.
    this.last = Date.now()
    if (this.timer === null) this.timer = setTimeout(this.due, this.delayMs)
  }

  /** The task does not run (until the next touch). */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
  }

  get pending(): boolean {
    return this.timer !== null
  }

  private readonly due = () => {
    this.timer = null
    const now = Date.now()
    // A clock set back since the touch: the wait starts again from now (one more delay at most).
    if (now < this.last) this.last = now
    const left = this.delayMs - (now - this.last)
    if (left > 0) {
      this.timer = setTimeout(this.due, left)
      return
    }
    this.task()
  }
}
