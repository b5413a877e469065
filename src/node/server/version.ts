// genmock's version, read from the package file at build time (the bin bundles it), so neither
// --version nor the server reads a file at run time.
import pkg from '../../../package.json' with { type: 'json' }

export const VERSION: string = pkg.version
