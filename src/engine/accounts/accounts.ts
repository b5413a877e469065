// The accounts: their keys, balances, clocks, IP allowlists and the dashboard's sessions.
import type { AccountFixture } from '../../contract/fixtures.js'
import { ipAllowed } from './ip.js'
import { Problem } from '../problem.js'

/** What a request presented: a bearer API key, or the dashboard's session cookie. */
export type Credential = { kind: 'key'; key: string } | { kind: 'session'; token: string }

export interface Account {
  id: string
  name: string
  demo: boolean
  /** The scenario this account's requests get unless a request picks one. */
  scenario?: string
  /** Strict conformance for this account, over the server's setting. */
  strict?: boolean
}

export interface KeyRecord {
  accountId: string
  revoked: boolean
  expiresAt?: number
  ipAllowlist?: readonly string[]
}

/** Accounts as saved: every account with its current settings, and every credential. */
export interface SavedAccounts {
  accounts: Account[]
  keys: [key: string, record: KeyRecord][]
  sessions: [token: string, accountId: string][]
}

/** In-process doors (msw/node, the browser worker) have no socket: they count as loopback. */
const LOOPBACK = '127.0.0.1'

/**
 * Accounts and the credentials that authenticate them. Tasks belong to the account, not the key.
 * Never put a key or token into a message: they are secrets.
 * @example
 * const accounts = new Accounts()
 * accounts.add(fixture)
 * accounts.authenticate({ kind: 'key', key: 'sk_test_alice' }, '127.0.0.1', now) // Alice
 */
export class Accounts {
  #byId = new Map<string, Account>()
  #keys = new Map<string, KeyRecord>()
  #sessions = new Map<string, string>()

  add(
    fixture: Pick<AccountFixture, 'id' | 'name' | 'demo' | 'keys' | 'sessions'> & { scenario?: string | undefined },
  ): Account {
    const account: Account = {
      id: fixture.id,
      name: fixture.name,
      demo: fixture.demo,
      ...(fixture.scenario ? { scenario: fixture.scenario } : {}),
    }
    this.#byId.set(account.id, account)
    for (const key of fixture.keys) {
      this.#keys.set(key.key, {
        accountId: account.id,
        revoked: key.revoked,
        ...(key.expiresAt ? { expiresAt: Date.parse(key.expiresAt) } : {}),
        ...(key.ipAllowlist ? { ipAllowlist: key.ipAllowlist } : {}),
      })
    }
    for (const token of fixture.sessions) this.#sessions.set(token, account.id)
    return account
  }

  hasKey(key: string): boolean {
    return this.#keys.has(key)
  }

  /** Whether a string is one of the credentials (a key or a session token): for redaction. */
  isCredential(value: string): boolean {
    return this.#keys.has(value) || this.#sessions.has(value)
  }

  get(id: string): Account | undefined {
    return this.#byId.get(id)
  }

  all(): Account[] {
    return [...this.#byId.values()]
  }

  clear(): void {
    this.#byId.clear()
    this.#keys.clear()
    this.#sessions.clear()
  }

  /**
   * Everything, the fixture's accounts included: patches change them, and their credentials are
   * a few hundred bytes.
   * @example
   * other.restore(accounts.save())
   */
  save(): SavedAccounts {
    return { accounts: this.all(), keys: [...this.#keys], sessions: [...this.#sessions] }
  }

  restore(saved: SavedAccounts): void {
    this.#byId = new Map(saved.accounts.map((account) => [account.id, account]))
    this.#keys = new Map(saved.keys)
    this.#sessions = new Map(saved.sessions)
  }

  /**
   * The account behind a credential, or Unauthorized when it is missing, unknown, revoked,
   * expired (against simulated time) or used from an address outside its allowlist.
   */
  authenticate(credential: Credential | null, remoteAddress: string | undefined, now: number): Account {
    const accountId = credential && this.#accountIdFor(credential, remoteAddress ?? LOOPBACK, now)
    const account = accountId ? this.#byId.get(accountId) : undefined
    if (!account) throw Problem.of({ kind: 'unauthorized' })
    return account
  }

  #accountIdFor(credential: Credential, remoteAddress: string, now: number): string | undefined {
    if (credential.kind === 'session') return this.#sessions.get(credential.token)
    const key = this.#keys.get(credential.key)
    if (!key || key.revoked) return undefined
    if (key.expiresAt !== undefined && key.expiresAt <= now) return undefined
    if (key.ipAllowlist && !ipAllowed(remoteAddress, key.ipAllowlist)) return undefined
    return key.accountId
  }
}
