import { fail, runApp } from './app.js'

/** The server door: the app talks to the standalone server named by `?server=` (CORS is on there). */
const server = new URLSearchParams(location.search).get('server')
if (server) await runApp({ baseUrl: server, controlBase: server, apiKey: 'sk_test_alice' })
else fail(new Error('open this page with ?server=<the standalone server URL>'))
