// The bundled fixtures (accounts with keys, prices), validated; imported as JSON so every door carries them.
import accounts from '../../fixtures/accounts.json' with { type: 'json' }
import pricing from '../../fixtures/pricing.json' with { type: 'json' }
import { accountsFixtureSchema, pricingFixtureSchema } from '../contract/fixtures.js'

/** The bundled fixtures, validated. Imported as JSON so the browser bundle carries them too. */
export const defaultAccounts = accountsFixtureSchema.parse(accounts)
export const defaultPricing = pricingFixtureSchema.parse(pricing)
