// Why genmock will not start on a --state DIR (docs/state.md, Versions and refusals): one line
// naming the file and what is wrong with it, and, for damage, the commands that look and repair.

/** genmock will not start on this folder: the message names the file and what is wrong. */
export class StateDirError extends Error {}

/** The end of a damage refusal: how to see what is damaged and how to repair it (docs/state.md, Check and repair). */
export const repairHint = (dir: string) =>
  `; see what is damaged with \`genmock state check ${dir}\`, repair with \`genmock state repair ${dir}\``

/** A refusal for damage in `file` of the folder `dir`, with the repair commands. */
export const damaged = (dir: string, file: string, what: string) =>
  new StateDirError(`${file}: ${what}${repairHint(dir)}`)
