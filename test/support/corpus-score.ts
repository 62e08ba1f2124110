/**
 * How well the score (src/shared/checklist/score) ranks the corpus's proposals (issue 33): the
 * within-program AUC (the chance that an accepted proposal of a program scores above a rejected
 * one of the same program, ties counting half) on every program with both labels, pooled over
 * their pairs, with a bootstrap interval; and a leave-one-program-out figure: for each program,
 * the documented weight set that ranks best on the other two is picked, and scores the held-out
 * one. Shared by `npm run corpus` and the corpus score test, so both measure the same.
 */
import { SCORE_RULES, WEIGHT_SETS, type Score, type WeightSet } from '../../src/shared/checklist'

export interface ScoredFile {
  program: string
  accepted: boolean
  score: Score | undefined
  /** The verdict's old ranking, for comparison: 3 × errors + warnings (lower is better). */
  faults?: number | undefined
}

/** The score a file's parts give under a weight set, as scorePitch computes it. */
export function scoreWith(score: Score | undefined, set: WeightSet): number {
  if (!score) return 0
  let total = 0
  let earned = 0
  for (const part of score.parts) {
    const rule = SCORE_RULES.find((r) => r.id === part.ruleId)
    const weight = rule ? set[rule.group] : 0
    total += weight
    earned += weight * part.points
  }
  return total === 0 ? 0 : Math.round((100 * earned) / total)
}

/** Programs with both accepted and rejected proposals, in the order of their size. */
export function programsWithBothLabels(files: readonly ScoredFile[]): string[] {
  const programs = [...new Set(files.map((f) => f.program))]
  return programs
    .filter((p) => files.some((f) => f.program === p && f.accepted) && files.some((f) => f.program === p && !f.accepted))
    .sort((a, b) => files.filter((f) => f.program === b).length - files.filter((f) => f.program === a).length)
}

interface Pairs {
  wins: number
  pairs: number
}

/** Accepted-over-rejected pairs within one program (ties half). */
function pairsOf(values: ReadonlyArray<{ accepted: boolean; value: number }>): Pairs {
  const acc = values.filter((v) => v.accepted).map((v) => v.value)
  const rej = values.filter((v) => !v.accepted).map((v) => v.value)
  let wins = 0
  for (const a of acc) for (const r of rej) wins += a > r ? 1 : a === r ? 0.5 : 0
  return { wins, pairs: acc.length * rej.length }
}

/** The within-program AUC pooled over the programs' pairs (each program's pairs only compare its own proposals). */
export function withinProgramAuc(files: readonly ScoredFile[], value: (f: ScoredFile) => number, programs = programsWithBothLabels(files)): number {
  let wins = 0
  let pairs = 0
  for (const program of programs) {
    const p = pairsOf(files.filter((f) => f.program === program).map((f) => ({ accepted: f.accepted, value: value(f) })))
    wins += p.wins
    pairs += p.pairs
  }
  return pairs === 0 ? 0.5 : wins / pairs
}

/** A small seeded generator (mulberry32), so the interval printed is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * A 95% percentile bootstrap interval of the pooled within-program AUC: each round redraws, with
 * replacement, each program's accepted and its rejected proposals (as many as it has of each).
 */
export function bootstrapInterval(
  files: readonly ScoredFile[],
  value: (f: ScoredFile) => number,
  programs = programsWithBothLabels(files),
  rounds = 2000,
  seed = 33,
): [number, number] {
  const next = random(seed)
  const groups = programs.map((p) => [true, false].map((accepted) => files.filter((f) => f.program === p && f.accepted === accepted).map(value)))
  const aucs: number[] = []
  for (let k = 0; k < rounds; k++) {
    let wins = 0
    let pairs = 0
    for (const [acc, rej] of groups) {
      const a = acc!.map(() => acc![Math.floor(next() * acc!.length)]!)
      const r = rej!.map(() => rej![Math.floor(next() * rej!.length)]!)
      for (const x of a) for (const y of r) wins += x > y ? 1 : x === y ? 0.5 : 0
      pairs += a.length * r.length
    }
    aucs.push(wins / pairs)
  }
  aucs.sort((a, b) => a - b)
  return [aucs[Math.floor(0.025 * rounds)]!, aucs[Math.ceil(0.975 * rounds) - 1]!]
}

export interface HeldOut {
  program: string
  /** The weight set that ranked best on the other programs. */
  picked: string
  auc: number
}

export interface ScoreReport {
  programs: string[]
  /** The shipped score (the default weight set), per program and pooled, with its interval. */
  perProgram: Array<{ program: string; accepted: number; rejected: number; auc: number; interval: [number, number] }>
  pooled: number
  interval: [number, number]
  /** Every documented weight set's pooled within-program AUC. */
  sets: Array<{ name: string; auc: number }>
  /**
   * Each score rule alone (its points): pooled within-program AUC and each program's; below 0.5
   * it points the wrong way (a program's figure on few proposals is noisy: its pairs count in the pool).
   */
  rules: Array<{ id: string; auc: number; perProgram: Array<{ program: string; auc: number }> }>
  /** 3 × errors + warnings, fewer ranked higher: the ranking the score replaces (null when not given). */
  faults: number | null
  /** The set the same choice picks on all the programs (the shipped one should be it). */
  pickedOnAll: string
  /** Leave one program out: the set picked on the others, scored on it. */
  heldOut: HeldOut[]
  /** The held-out scores' within-program AUC, pooled over the held-out programs' pairs. */
  leaveOneOut: number
}

export function scoreReport(files: readonly ScoredFile[]): ScoreReport {
  const programs = programsWithBothLabels(files)
  const shipped = (f: ScoredFile) => f.score?.score ?? 0
  const perProgram = programs.map((program) => ({
    program,
    accepted: files.filter((f) => f.program === program && f.accepted).length,
    rejected: files.filter((f) => f.program === program && !f.accepted).length,
    auc: withinProgramAuc(files, shipped, [program]),
    interval: bootstrapInterval(files, shipped, [program]),
  }))
  const names = Object.keys(WEIGHT_SETS)
  const sets = names.map((name) => ({ name, auc: withinProgramAuc(files, (f) => scoreWith(f.score, WEIGHT_SETS[name]!), programs) }))
  const rules = SCORE_RULES.map((rule) => {
    const points = (f: ScoredFile) => f.score?.parts.find((p) => p.ruleId === rule.id)?.points ?? 0
    return {
      id: rule.id,
      auc: withinProgramAuc(files, points, programs),
      perProgram: programs.map((program) => ({ program, auc: withinProgramAuc(files, points, [program]) })),
    }
  })
  const pickedOnAll = sets.reduce((best, s) => (s.auc > best.auc ? s : best), sets[0]!).name
  const heldOut: HeldOut[] = []
  let wins = 0
  let pairs = 0
  for (const program of programs) {
    const others = programs.filter((p) => p !== program)
    // Ties go to the set listed first (the documented order).
    let picked = names[0]!
    let best = -1
    for (const name of names) {
      const auc = withinProgramAuc(files, (f) => scoreWith(f.score, WEIGHT_SETS[name]!), others)
      if (auc > best) {
        best = auc
        picked = name
      }
    }
    const mine = files.filter((f) => f.program === program).map((f) => ({ accepted: f.accepted, value: scoreWith(f.score, WEIGHT_SETS[picked]!) }))
    const p = pairsOf(mine)
    wins += p.wins
    pairs += p.pairs
    heldOut.push({ program, picked, auc: p.pairs === 0 ? 0.5 : p.wins / p.pairs })
  }
  return {
    programs,
    perProgram,
    pooled: withinProgramAuc(files, shipped, programs),
    interval: bootstrapInterval(files, shipped, programs),
    sets,
    rules,
    faults: files.every((f) => f.faults !== undefined) ? withinProgramAuc(files, (f) => -(f.faults ?? 0), programs) : null,
    pickedOnAll,
    heldOut,
    leaveOneOut: pairs === 0 ? 0.5 : wins / pairs,
  }
}

/** The report as `npm run corpus` prints it. */
export function formatScoreReport(report: ScoreReport): string[] {
  const f = (x: number) => x.toFixed(3)
  const lines = [
    'Score: within-program AUC (an accepted proposal of a program scored above a rejected one of the same program; ties half), 95% bootstrap interval:',
  ]
  for (const p of report.perProgram) {
    lines.push(`  ${p.program.padEnd(12)} ${programLine(p)}`)
  }
  lines.push(`  pooled within-program: AUC ${f(report.pooled)} (${f(report.interval[0])}–${f(report.interval[1])})`)
  if (report.faults !== null) lines.push(`  for comparison, 3 × errors + warnings (fewer ranked higher): AUC ${f(report.faults)}`)
  lines.push(...formatRules(report))
  lines.push(`  weight sets (pooled): ${report.sets.map((s) => `${s.name} ${f(s.auc)}`).join(', ')}; picked on all programs: “${report.pickedOnAll}”`)
  lines.push(
    `  leave one program out: AUC ${f(report.leaveOneOut)} (${report.heldOut.map((h) => `${h.program} ${f(h.auc)} with “${h.picked}” picked on the others`).join('; ')})`,
  )
  return lines
}

/** Each rule alone, pooled and per program, a program's figure below 0.5 marked: there the rule points the wrong way. */
function formatRules(report: ScoreReport): string[] {
  const f = (x: number) => `${x.toFixed(3)}${x < 0.5 ? ' ←' : '  '}`
  const pad = Math.max(...report.rules.map((r) => r.id.length))
  const widths = report.programs.map((p) => Math.max(p.length, 7))
  return [
    `  each rule alone (its points; ← below 0.5: ranks rejected above accepted there):`,
    `    ${'rule'.padEnd(pad)}  ${'pooled'.padEnd(7)}  ${report.programs.map((p, i) => p.padEnd(widths[i]!)).join('  ')}`,
    ...report.rules.map((r) => `    ${r.id.padEnd(pad)}  ${f(r.auc).padEnd(7)}  ${r.perProgram.map((p, i) => f(p.auc).padEnd(widths[i]!)).join('  ')}`),
  ]
}

/**
 * The held-out check (`npm run corpus -- --extra DIR`): rejected proposals of programs the
 * corpus has no rejected ones of, scored against the corpus's accepted proposals of the same
 * program. The shipped score's AUC per program with its interval, pooled, and each rule alone:
 * nothing here was used to choose the rules or the weights.
 */
export function formatHeldOutReport(report: ScoreReport, source: string): string[] {
  const f = (x: number) => x.toFixed(3)
  if (report.programs.length === 0) return [`Held-out check (${source}): no program there has both labels once the corpus's accepted proposals are added.`]
  return [
    `Held-out check (${source}): within-program AUC of the shipped score, 95% bootstrap interval:`,
    ...report.perProgram.map((p) => `  ${p.program.padEnd(12)} ${programLine(p)}`),
    ...(report.programs.length > 1 ? [`  pooled within-program: AUC ${f(report.pooled)} (${f(report.interval[0])}–${f(report.interval[1])})`] : []),
    ...formatRules(report),
  ]
}

/** One program's counts and AUC with its interval. */
function programLine(p: ScoreReport['perProgram'][number]): string {
  const f = (x: number) => x.toFixed(3)
  return `${String(p.accepted).padStart(3)} accepted, ${String(p.rejected).padStart(3)} rejected: AUC ${f(p.auc)} (${f(p.interval[0])}–${f(p.interval[1])})`
}
