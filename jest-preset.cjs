// `preset: 'genmock'` (README, The test kit): Jest with msw 2 in the node environment. msw's
// CommonJS build requires dependencies that ship ES modules only; jest-transform.cjs turns those
// into CommonJS, and everything else keeps Jest's defaults (babel-jest for the project's files).
module.exports = {
  testEnvironment: 'node',
  transform: {
    '[\\\\/]node_modules[\\\\/].+\\.m?js$': require.resolve('./jest-transform.cjs'),
    '\\.[jt]sx?$': 'babel-jest',
  },
  // Only Yarn PnP's loader stays untransformed: the transform passes CommonJS files through as they are.
  transformIgnorePatterns: ['\\.pnp\\.[^\\/]+$'],
}
