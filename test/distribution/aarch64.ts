import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Whether aarch64 programs run on this machine, natively or through the kernel's binfmt handler for
 * qemu (docs/containers-and-ci.md, The arm64 executable and image): global-setup.ts builds the arm64
 * executable and image and arm64.test.ts runs them only then; otherwise the reason they are skipped.
 * It reads the kernel's registrations only: whether the handler works is what the tests find out.
 */

const BINFMT = '/proc/sys/fs/binfmt_misc'
/** The first 20 bytes of an aarch64 ELF executable, as a binfmt handler for it matches them. */
const AARCH64_MAGIC = 'magic 7f454c460201010000000000000000000200b700'
const REGISTER =
  'as root, apt-get install qemu-user-static binfmt-support, then update-binfmts --enable qemu-aarch64 (.ci/run does)'

/** Why aarch64 programs cannot run here, or undefined when they can. */
export function aarch64Unavailable(): string | undefined {
  if (process.arch === 'arm64') return undefined
  if (!existsSync(join(BINFMT, 'status')))
    return `binfmt_misc is not mounted at ${BINFMT} (mount binfmt_misc -t binfmt_misc ${BINFMT}); then ${REGISTER}`
  if (readFileSync(join(BINFMT, 'status'), 'utf8').trim() !== 'enabled') return `binfmt_misc is disabled; ${REGISTER}`
  const handlers = readdirSync(BINFMT)
    .filter((name) => name !== 'status' && name !== 'register')
    .map((name) => readFileSync(join(BINFMT, name), 'utf8'))
    .filter((handler) => handler.startsWith('enabled') && handler.includes(AARCH64_MAGIC))
  if (handlers.length === 0) return `no enabled binfmt handler runs aarch64 programs; ${REGISTER}`
  // F: the kernel opens the interpreter when it is registered, so that it runs inside containers too.
  if (!handlers.some((handler) => /^flags: \S*F/m.test(handler)))
    return 'the aarch64 binfmt handler has no flag F (fix binary), so containers cannot reach qemu'
  return undefined
}
