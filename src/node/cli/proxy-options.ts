// The command line's options for forwarding to the real service and comparing its answers
// (docs/check-against-the-service.md), as rows of the one option table (option-table.ts; option-spec.ts
// types a row). No imports beyond the option readers and the URL check: --help loads this too.
import { proxyTarget } from '../../drift/proxy-target.js'
import { option } from './option-spec.js'
import { fileName, integer, UsageError } from './option-values.js'

export const PROXY_OPTIONS = {
  proxy: option({
    arg: 'URL',
    help: [
      "forward the service's routes to the real base_url URL and report, at",
      "GET /__mock/drift, where its answers differ from genmock's",
    ],
    parse: (text) => {
      if (text === undefined) return undefined
      try {
        proxyTarget(text)
      } catch (error) {
        throw new UsageError((error as Error).message)
      }
      return text
    },
  }),
  record: option({
    arg: 'FILE.har',
    help: ['with --proxy: write every proxied exchange to FILE.har as it happens', '(keys and cookies redacted)'],
    parse: (text, from) => fileName(from, text),
  }),
  proxyTimeout: option({
    arg: 'S',
    help: [
      'with --proxy: seconds the service may take to start, pause or finish',
      'an answer (default 30; then 504, or a cut media stream; Genmock-Proxy-Error)',
    ],
    parse: (text, from) => integer(from, text, 30, 1, 3600),
  }),
}
