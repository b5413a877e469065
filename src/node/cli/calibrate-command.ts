// `genmock calibrate FILE.har --out DIR` (docs/check-against-the-service.md): a recording turned into
// prices and a scenario.
import { writeError } from './output.js'

/** `genmock calibrate FILE.har --out DIR`: 0 when the files are written, 1 for a bad recording or an unwritable DIR. */
export async function calibrateCommand(file: string, out: string): Promise<number> {
  const { CalibrationError, calibrateFile, writeCalibration } = await import('../files/calibration-files.js')
  try {
    const { output, used } = calibrateFile(file, (line) => writeError(`${line}\n`))
    const written = writeCalibration(out, output)
    process.stdout.write(
      `calibrated from ${used} exchanges with the service; wrote\n${written.map((f) => `  ${f}\n`).join('')}`,
    )
    process.stdout.write(`start genmock with them: genmock --calibration ${out}\n`)
    return 0
  } catch (error) {
    if (!(error instanceof CalibrationError) && !(error as NodeJS.ErrnoException).code) throw error
    writeError(`genmock calibrate: ${(error as Error).message}\n`)
    return 1
  }
}
