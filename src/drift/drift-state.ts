// The drift report a simulator keeps (docs/check-against-the-service.md): the report, the tasks it
// follows, and the service's routes as the route table writes them, matched with the route core's own router.
import { compileRoutes, type ExchangeKind, type Match, type Row } from '../http/router.js'
import type { DriftObservations } from './drift-observations.js'
import { DriftReport, type DriftFinding } from './drift-report.js'
import type { DriftChanges, SavedDrift } from './saved-drift.js'
import { FollowedTasks } from './followed-tasks.js'

/** One of the service's routes, as the route table writes it and says what kind of exchange it is. */
export interface ServiceRoute {
  method: Row<unknown>['method']
  path: string
  kind: ExchangeKind
  opaque?: boolean
}

/** A proxied request's route: its kind, its place in the report (`GET /api/ai/tasks/{id}`), its parameters. */
export interface RouteSeen {
  kind: ExchangeKind
  label: string
  params: Record<string, string>
}

/** A route's place in the report: its path with `{name}` for each parameter. */
const labelOf = ({ method, path }: ServiceRoute) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`

/** One simulator's drift: the report, the tasks it follows, and the service's routes it compares. */
export class Drift {
  readonly report = new DriftReport()
  readonly followed = new FollowedTasks()
  readonly #find: (method: string, path: string) => Match<ServiceRoute> | undefined
  readonly #labels: Map<ExchangeKind, string>
  /** Told after each exchange recorded: a door that keeps the state saves it (docs/state.md). */
  onChange: (() => void) | undefined

  /** `routes`: the route table's service rows (handlers/route-table.ts), given by the simulator. */
  constructor(routes: readonly ServiceRoute[]) {
    this.#find = compileRoutes(routes.map((route) => ({ ...route, run: route })))
    this.#labels = new Map(routes.map((route) => [route.kind, labelOf(route)]))
  }

  /**
   * The service route a request is, if any.
   * @example
   * drift.routeOf('GET', '/api/ai/tasks/tsk_1') // { kind: 'task read', label: 'GET /api/ai/tasks/{id}', params }
   */
  routeOf(method: string, path: string): RouteSeen | undefined {
    const match = this.#find(method, path)
    if (!match?.params) return undefined
    return { kind: match.run.kind, label: labelOf(match.run), params: match.params }
  }

  /** The report's place of the route of that kind. */
  labelOf(kind: ExchangeKind): string | undefined {
    return this.#labels.get(kind)
  }

  /** Findings grouped by kind and place, in the order first seen. */
  findings(): DriftFinding[] {
    return this.report.findings()
  }

  observations(): DriftObservations {
    return this.report.observations()
  }

  clear(): void {
    this.report.clear()
    this.followed.clear()
  }

  /** An exchange was recorded (recordProxied): tells `onChange`. */
  changed(): void {
    this.onChange?.()
  }

  /**
   * The report and the tasks followed, for a snapshot (docs/state.md). Live objects: serialise at once.
   * @example
   * JSON.stringify({ ...engine.save(), drift: drift.save() })
   */
  save(): SavedDrift {
    return { ...this.report.save(), watch: this.followed.save() }
  }

  /** Replaces the report with a saved one, checked by the caller (savedDriftSchema); none clears it. */
  restore(saved: SavedDrift | undefined): void {
    if (!saved) this.clear()
    else {
      this.report.restore(saved)
      this.followed.restore(saved.watch)
    }
  }

  /** What changed since the last save (`takeChanges` or `markSaved`), for a log line; none if nothing did. */
  takeChanges(): DriftChanges | undefined {
    const report = this.report.take()
    const watch = this.followed.take()
    return report || watch ? { ...(report ? { report } : {}), ...(watch ? { watch } : {}) } : undefined
  }

  /** What there is now is saved (whole): changes count from here. */
  markSaved(): void {
    this.report.markSaved()
    this.followed.markSaved()
  }
}
