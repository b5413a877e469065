// Build tooling, never shipped: `npm run build` and, from source, code.ts use it; the package's
// code.ts is the text it makes (test/build/tsup.config.ts).
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const HERE = fileURLToPath(new URL('.', import.meta.url))

/**
 * The dashboard's modules (mount.ts and what it imports) bundled into one self-contained
 * function, `function dashboardCode(){…}`, that returns them: its own source is the page's
 * script, and calling it gives the browser door the very same code.
 * @example
 * const code = await dashboardFunction() // "function dashboardCode(){var dashboard;(()=>{…})();return dashboard}"
 */
export async function dashboardFunction(): Promise<string> {
  const result = await build({
    // The entry hands the modules to the function's own variable: no module wrapper is needed.
    stdin: {
      contents: "import { mountDashboard } from './mount.ts'\ndashboard = { mountDashboard }",
      resolveDir: HERE,
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  })
  return `function dashboardCode(){var dashboard;${result.outputFiles[0]?.text ?? ''}return dashboard}`
}

/** The package's code.ts: the function once, its source for the page, its result for the browser door. */
export async function builtCode(): Promise<string> {
  return `${await dashboardFunction()}
let code
export const mountDashboard = (root, css) => (code ??= dashboardCode()).mountDashboard(root, css)
export const dashboardSource = async () => dashboardCode.toString()
`
}
