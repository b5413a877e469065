// The report of a calibration (docs/check-against-the-service.md, Calibration): report.md, what the
// recording contradicted and what it could not decide, its text from the recording shown literally.

/** What a calibration noted as it went: the defaults the recording contradicted, and what it could not decide. */
export interface CalibrationNotes {
  contradicted: string[]
  undecided: string[]
}

/**
 * Text from a recording as Markdown shows it literally: one line, HTML's `< > &` as entities, and
 * Markdown's own characters escaped, so that a relayStatus `<script>` or `# heading` stays text.
 * @example
 * markdownText('<b># x_y') // '&lt;b&gt;\\# x\\_y'
 */
export const markdownText = (text: string) =>
  text
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]#|~!]/g, '\\$&')

/** The report (report.md): what the recording contradicted, and what it could not decide. */
export function calibrationReport(exchanges: number, notes: CalibrationNotes): string {
  const list = (items: string[]) =>
    items.length > 0 ? items.map((item) => `- ${markdownText(item)}`).join('\n') : '- nothing'
  return [
    `# genmock calibration from ${exchanges} recorded exchanges`,
    '',
    '## What the recording contradicted (in force with `genmock --calibration DIR`)',
    '',
    list(notes.contradicted),
    '',
    '## What it could not decide, or calibration cannot change',
    '',
    list(notes.undecided),
    '',
  ].join('\n')
}
