/**
 * The --proxy base_url, checked: http or https, without credentials, query or fragment. No other
 * import: the command line checks it before anything else is loaded.
 * @example
 * proxyTarget('https://api.example.test/v1/').origin // 'https://api.example.test'
 */
export function proxyTarget(text: string): URL {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new Error(`--proxy must be an absolute http(s) URL such as https://api.example.test, got "${text}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--proxy must be an http or https URL, got "${text}"`)
  if (url.username || url.password) throw new Error('--proxy must not carry credentials: clients send their own key')
  if (url.search || url.hash) throw new Error('--proxy must be a base URL without a query or fragment')
  return url
}
