/** A test page: a heading, a status line, an output area, and the bundle as a module script. */
export const indexHtml = (title = 'Fox and waves', script = '/app.js') => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${title}</title></head>
  <body>
    <h1>${title}</h1>
    <p id="status">loading</p>
    <div id="output"></div>
    <script type="module" src="${script}"></script>
  </body>
</html>
`
