/**
 * The dashboard's code, for the page (page.ts) and for the browser door (genmock/browser). From
 * source (tests, tsx) these are the modules themselves, and the page's script is bundled on first
 * use with esbuild, a dev dependency. The package holds it once instead: `npm run build` puts in
 * this module's place a function holding the bundled modules (bundle.ts, builtCode), whose source
 * is the page's script and whose result the browser door mounts.
 */
export { mountDashboard } from './mount.js'

/** The source of one self-contained function that returns the dashboard's modules. */
export const dashboardSource = async (): Promise<string> => (await import('./bundle.js')).dashboardFunction()
