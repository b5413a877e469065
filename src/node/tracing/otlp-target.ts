// Whether a server sends spans (docs/metrics-and-traces.md, Traces to a collector), apart from the
// spans themselves (otlp-spans.ts) so that a server that sends none never loads them.

/**
 * The OTLP endpoint asked for: `--otlp URL`, else '' when an OTEL_EXPORTER_OTLP_* variable names
 * one (the SDK reads it), else undefined (no export, nothing loaded).
 * @example
 * otlpTarget(undefined, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }) // ''
 */
export function otlpTarget(url: string | undefined, env: Record<string, string | undefined>): string | undefined {
  if (url !== undefined) return url
  return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT ? '' : undefined
}
