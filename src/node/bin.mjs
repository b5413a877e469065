#!/usr/bin/env node
// The `genmock` command: runs the TypeScript sources through tsx, so there is no build step.
import { register } from 'tsx/esm/api'

register()
await import('./cli.ts')
