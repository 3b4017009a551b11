// OpenTelemetry tracing, opt-in by the standard variables (docs/operations.md, "Tracing"): a process
// traces when OTEL_TRACES_EXPORTER names an exporter other than `none`, or an OTLP endpoint is set
// (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), unless OTEL_SDK_DISABLED=true.
// The SDK reads the rest itself: OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER(_ARG),
// OTEL_PROPAGATORS, OTEL_EXPORTER_OTLP_PROTOCOL, headers and timeouts. It is loaded only then.

export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = env.OTEL_TRACES_EXPORTER?.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean);
  if (exporters && exporters.length > 0) return !exporters.every((e) => e === 'none');
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * Starts the SDK when the environment asks for tracing; answers how to stop it (flushing what is
 * buffered), or null when tracing is off. `serviceName` is the default of OTEL_SERVICE_NAME.
 */
export async function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): Promise<(() => Promise<void>) | null> {
  if (!tracingRequested(env)) return null;
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  // Traces only: metrics are Prometheus's (GET /metrics), logs are pino's.
  const sdk = new NodeSDK({ serviceName: env.OTEL_SERVICE_NAME ?? serviceName, instrumentations: [], metricReaders: [], logRecordProcessors: [] });
  sdk.start();
  return () => sdk.shutdown();
}
