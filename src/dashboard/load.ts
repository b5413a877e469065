/**
 * The dashboard page as the doors hand it to the route core (AppOptions.dashboardPage), loaded
 * on first use: a browser bundle of the worker door carries the page only when it is asked for.
 * @example
 * createApp(engine, { ...options, dashboardPage: loadDashboardPage })
 */
export const loadDashboardPage = async (): Promise<string> => (await import('./page.js')).dashboardPage()
