// `genmock state check DIR` and `genmock state repair DIR` (docs/state.md, Check and repair): the
// command line's side of state-check.ts and state-repair.ts. Exit 0 when a start would load the
// folder (check) or a repaired copy was written (repair); 2 when a start refuses the folder (check)
// or it cannot be repaired.
import { writeError } from './output.js'

/** Runs `genmock state check|repair DIR`; the exit code. */
export async function stateCommand(action: 'check' | 'repair', dir: string): Promise<number> {
  const { checkDir } = await import('../state/state-check.js')
  const { repairDir } = await import('../state/state-repair.js')
  const { StateDirError } = await import('../state/state-error.js')
  try {
    const report = checkDir(dir)
    for (const line of report.lines) process.stdout.write(`${line}\n`)
    if (action === 'check') {
      const held = report.inUse === undefined ? '' : ` once genmock pid ${report.inUse} has let it go (in use now)`
      process.stdout.write(report.loads ? `a start loads ${dir}${held}\n` : '')
      if (!report.loads)
        writeError(`genmock: a start refuses ${dir}; \`genmock state repair ${dir}\` writes a repaired copy\n`)
      return report.loads ? 0 : 2
    }
    const { to, dropped } = repairDir(dir)
    process.stdout.write(
      `repaired copy written to ${to}; dropped: ${dropped}\n` +
        `${dir} is as it was; to use the copy: mv ${dir} ${to.replace(/\.repaired-[\w-]+$/, '')}.damaged && ` +
        `mv ${to} ${to.replace(/\.repaired-[\w-]+$/, '')}\n`,
    )
    return 0
  } catch (error) {
    if (!(error instanceof StateDirError)) throw error
    writeError(`genmock: ${error.message}\n`)
    return 2
  }
}
