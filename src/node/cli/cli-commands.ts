// The commands of the `genmock` command line besides serving (docs/cli.md): each one's usage and
// help for --help and the CLI reference, and what it takes, for its usage error.

/** The words that are commands rather than option values: `genmock validate a.yaml`. */
export const COMMANDS = {
  validate: {
    usage: 'validate FILE...',
    help: 'check scenario files, folders, globs (exit 0 when all are valid, 1 if not)',
    files: 'at least one scenario file',
  },
  init: {
    usage: 'init [FRAMEWORK]',
    help: [
      'write a starter scenario (with editor help) and a test of it for',
      'vitest, jest, playwright or pytest (default: the one package.json has)',
    ],
    files: 'at most one framework: genmock init vitest|jest|playwright|pytest',
  },
  state: {
    usage: 'state check|repair DIR',
    help: [
      'check: what a start would load from a --state DIR, and what is damaged;',
      'repair: a repaired copy written beside it, saying what was dropped',
    ],
    files: 'check or repair, and one folder: genmock state check DIR',
  },
  mcp: {
    usage: 'mcp --url URL',
    help: 'an MCP server on stdio for the genmock running at URL (its /__mock/mcp tools)',
    files: '--url URL and no files: genmock mcp --url http://127.0.0.1:4600',
  },
  calibrate: {
    usage: 'calibrate FILE.har --out DIR',
    help: 'what a recording of the service implies (prices, a scenario, the values seen, a report)',
    files: 'one recording and a directory: genmock calibrate FILE.har --out DIR',
  },
}
