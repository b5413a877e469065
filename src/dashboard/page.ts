// The dashboard's HTML page (GET /__mock/): one self-contained document, built once.
import { dashboardSource } from './code.js'
import { DASHBOARD_CSS } from './styles.js'

let page: Promise<string> | undefined

/**
 * The dashboard served at GET /__mock/: one self-contained HTML document, with no external URL
 * (it works offline), built once. Its script is the dashboard's code (code.ts) mounted into the
 * page; `</` is escaped so the source cannot close the script element. A changed fragment (`#key=`,
 * `#token=`) reloads it, so it opens as the caller the new one names.
 * @example
 * new Response(await dashboardPage(), { headers: { 'content-type': 'text/html; charset=utf-8' } })
 */
export function dashboardPage(): Promise<string> {
  page ??= dashboardSource().then((source) => {
    // A new #key= or #token= typed into the address bar opens the page afresh as that caller.
    const mount = `(${source})().mountDashboard(document.getElementById('genmock'))`
    const script = `(function(){${mount};addEventListener('hashchange',function(){location.reload()})})()`
    return `<!doctype html>
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
<script>${script.replace(/<\//g, '<\\/')}</script>
</body>
</html>
`
  })
  return page
}
