import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './processes'

/** One line of the table: a measured value against its budget. `met` is null when there is none. */
export interface Figure {
  name: string
  value: string
  budget: string
  met: boolean | null
}

export class Report {
  readonly figures: Figure[] = []
  readonly raw: Record<string, unknown> = {}

  /**
   * `only`: measure and keep only the figures whose name matches (--only); null keeps all.
   * `partial`: some steps are skipped (--no-server, --no-lighthouse), so the result is not a full one.
   */
  constructor(
    private readonly only: RegExp | null = null,
    private readonly partial = false,
  ) {}

  /** Whether the figure of this name is measured in this run (steps skip the work of unwanted ones). */
  wants(name: string): boolean {
    return this.only === null || this.only.test(name)
  }

  /** Adds a figure; `raw` keeps the numbers behind it for the results file. */
  add(figure: Figure, raw?: unknown) {
    if (!this.wants(figure.name)) return
    this.figures.push(figure)
    if (raw !== undefined) this.raw[figure.name] = raw
    const mark = figure.met === null ? '' : figure.met ? '  ✓' : '  ✗ MISSED'
    console.log(
      `  ${figure.name}: ${figure.value}${figure.budget ? ` (budget ${figure.budget})` : ''}${mark}`,
    )
  }

  table(): string {
    const header: Figure = { name: 'figure', value: 'value', budget: 'budget', met: null }
    const rows = [header, ...this.figures]
    const cells = rows.map((row, i) => [
      row.name,
      row.value,
      row.budget || '—',
      i === 0 ? 'met?' : row.met === null ? '—' : row.met ? 'yes' : 'NO',
    ])
    const widths = [0, 1, 2, 3].map((c) => Math.max(...cells.map((line) => line[c].length)))
    const line = (cellsOfRow: string[]) => cellsOfRow.map((cell, c) => cell.padEnd(widths[c])).join(' | ')
    return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.slice(1).map(line)].join(
      '\n',
    )
  }

  /**
   * Writes bench/results/<date>.json, or <date>-only.json for a run that skipped figures (--only,
   * --no-server, --no-lighthouse) so it never replaces a full one, and answers its path.
   */
  write(context: Record<string, unknown>): string {
    const dir = join(ROOT, 'bench', 'results')
    mkdirSync(dir, { recursive: true })
    const suffix = this.only === null && !this.partial ? '' : '-only'
    const path = join(dir, `${new Date().toISOString().slice(0, 10)}${suffix}.json`)
    const missed = this.figures.filter((figure) => figure.met === false).map((figure) => figure.name)
    writeFileSync(
      path,
      `${JSON.stringify({ ...context, figures: this.figures, missed, measurements: this.raw }, null, 2)}\n`,
    )
    return path
  }
}
