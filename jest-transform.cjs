// The Jest transform of genmock's preset: a dependency's ES module becomes CommonJS with the
// Babel that Jest already installs (@babel/core and its module helpers); any other file passes as
// it is. Jest caches the result per file.
const { createRequire } = require('node:module')

let babel
/**
 * Babel as Jest installed it, found from genmock's own folder (beside Jest in node_modules) or
 * else from the folder Jest runs in; loaded on the first ES module seen.
 */
function load() {
  if (babel) return babel
  const core = require.resolve('@babel/core', { paths: [__dirname, process.cwd()] })
  const modules = createRequire(core)('@babel/helper-module-transforms')
  babel = { core: require(core), plugin: toCommonJs(modules) }
  return babel
}

/** import and export as require() and exports, as @babel/plugin-transform-modules-commonjs does. */
const toCommonJs =
  (modules) =>
  ({ types: t, template }) => ({
    visitor: {
      Program: {
        exit(path) {
          if (!modules.isModule(path)) return
          const { meta, headers } = modules.rewriteModuleStatementsAndPrepareHeader(path, {
            exportName: 'exports',
            importInterop: 'node',
          })
          for (const [source, metadata] of meta.source) {
            const load = t.callExpression(t.identifier('require'), [t.stringLiteral(source)])
            const bare =
              metadata.imports.size === 0 &&
              metadata.importsNamespace.size === 0 &&
              metadata.reexports.size === 0 &&
              !metadata.reexportAll
            const value = modules.wrapInterop(path, load, metadata.interop) ?? load
            headers.push(
              bare
                ? t.expressionStatement(load)
                : template.statement.ast`var ${t.identifier(metadata.name)} = ${value};`,
            )
            headers.push(...modules.buildNamespaceInitStatements(meta, metadata, false))
          }
          modules.ensureStatementsHoisted(headers)
          path.unshiftContainer('body', headers)
        },
      },
    },
  })

module.exports = {
  process(source, filename) {
    if (!/^\s*(?:import|export)\b/m.test(source)) return { code: source }
    const { core, plugin } = load()
    const out = core.transformSync(source, {
      filename,
      babelrc: false,
      configFile: false,
      sourceType: 'module',
      sourceMaps: 'inline',
      plugins: [plugin],
    })
    return { code: out.code }
  },
}
