import { mountDashboard } from './mount.js'
import { DASHBOARD_CSS } from './styles.js'

/**
 * The script of the page: mountDashboard's own source, so the page and the browser door run the
 * same code. A TypeScript loader may have compiled it with esbuild's keepNames (tsx does), which
 * wraps inner functions in a `__name(fn, "name")` helper defined elsewhere in the module: the
 * page defines a harmless one. `</` is escaped so the source cannot close the script element.
 */
function script(): string {
  const source = `var __name=function(f){return f};(${mountDashboard.toString()})(document.getElementById('genmock'))`
  return `(function(){${source}})()`.replace(/<\//g, '<\\/')
}

let page: string | undefined

/**
 * The dashboard served at GET /__mock/: one self-contained HTML document, with no external URL
 * (it works offline), built once.
 * @example
 * new Response(dashboardPage(), { headers: { 'content-type': 'text/html; charset=utf-8' } })
 */
export function dashboardPage(): string {
  page ??= `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>genmock dashboard</title>
<link rel="icon" href="data:,">
<style>html,body{margin:0}.gm{min-height:100vh}${DASHBOARD_CSS}</style>
</head>
<body>
<div id="genmock"></div>
<script>${script()}</script>
</body>
</html>
`
  return page
}
