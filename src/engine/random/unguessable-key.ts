// Keys nobody can guess (docs/sandbox.md, Keys never handed out twice): drawn from Web Crypto, which browsers
// and Node both have, never from the seeded stream, so that no reset nor restart hands one out again.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** The largest multiple of 62 below 256: a byte at or above it is drawn again, so that every character is as likely. */
const FAIR = 248

/** Web Crypto as browsers and Node give it: the engine's own build knows neither's types. */
const webCrypto = () => (globalThis as unknown as { crypto: { getRandomValues(bytes: Uint8Array): void } }).crypto

/**
 * A key of `prefix` and `length` base62 characters from `crypto.getRandomValues` (about 143 bits for 24).
 * @example
 * unguessableKey('sk_test_', 24) // 'sk_test_Q3v…' (another every time)
 */
export function unguessableKey(prefix: string, length: number): string {
  let key = prefix
  const bytes = new Uint8Array(length * 2)
  while (key.length < prefix.length + length) {
    webCrypto().getRandomValues(bytes)
    for (const byte of bytes) if (byte < FAIR && key.length < prefix.length + length) key += ALPHABET[byte % 62]
  }
  return key
}
