/**
 * How the runner prints rows: a block per row while the benches run, and at the end one
 * Markdown table of every row (the README's results table is a copy of it).
 */
import { type JudgedRow, type Spread, describeGoal, format } from './stats'

const TAG: Record<JudgedRow['verdict'], string> = {
  met: 'met',
  'within noise': 'within noise',
  missed: 'MISSED',
  info: 'info',
  skipped: 'skipped',
  error: 'ERROR',
}

function spreadText(s: Spread, unit: string): string {
  return `${format(s.median)}${unit ? ` ${unit}` : ''} [${format(s.min)} … ${format(s.max)}]`
}

/** The lines of one row: its verdict and name, then app, baseline and ratio with their spread. */
export function rowLines(row: JudgedRow): string[] {
  const { spec } = row
  const goal = spec.goal ? ` (goal ${describeGoal(spec.goal, spec.unit)})` : ''
  const lines = [`  [${TAG[row.verdict]}] ${spec.name}${goal}`]
  if (row.verdict === 'error' || row.verdict === 'skipped') {
    lines.push(`      ${row.reason}`)
    return lines
  }
  const label = (text: string) => text.padEnd(28)
  lines.push(`      ${label('app')}${spreadText(row.value!, spec.unit)}, ${row.value!.runs} runs`)
  if (row.baseline) lines.push(`      ${label(`baseline: ${spec.baseline!.name}`)}${spreadText(row.baseline, spec.unit)}`)
  if (row.ratio)
    lines.push(`      ${label('ratio app / baseline')}${spreadText(row.ratio, '')}${spec.goal?.of === 'value' ? '' : `, noise band ±${format(row.band!)}`}`)
  if (spec.goal?.of === 'value') lines.push(`      ${label('noise band of the value')}±${format(row.band!)} ${spec.unit}`)
  if (row.reason) lines.push(`      ${row.reason}`)
  for (const line of spec.detail ?? []) lines.push(`      ${line}`)
  return lines
}

/** Table cell text: one line (a stack trace's first line), pipes escaped. */
const cell = (text: string) => text.split('\n')[0]!.replace(/\|/g, '\\|')

/** Every row in one Markdown table, in the order the benches ran. */
export function markdownTable(rows: readonly JudgedRow[]): string {
  const out = [
    '| Row | App: median [min … max] | Baseline: median [min … max] | Ratio: median [min … max] | Noise band | Goal | Verdict |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ]
  for (const row of rows) {
    const { spec } = row
    const goal = spec.goal ? describeGoal(spec.goal, spec.unit) : '—'
    if (!row.value) {
      out.push(`| ${cell(spec.name)} | — | — | — | — | ${goal} | ${TAG[row.verdict]}: ${cell(row.reason ?? '')} |`)
      continue
    }
    const baseline = row.baseline ? `${cell(spec.baseline!.name)}: ${spreadText(row.baseline, spec.unit)}` : '—'
    const ratio = row.ratio ? spreadText(row.ratio, '') : '—'
    const band = row.band === null ? '—' : `±${format(row.band)}${spec.goal?.of === 'value' || !row.ratio ? ` ${spec.unit}` : ''}`
    out.push(`| ${cell(spec.name)} | ${spreadText(row.value, spec.unit)} | ${baseline} | ${ratio} | ${band} | ${goal} | ${TAG[row.verdict]} |`)
  }
  return out.join('\n')
}
