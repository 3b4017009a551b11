// Spans at our own boundaries, on the OpenTelemetry API (docs/operations.md, "Tracing"). Without an
// SDK started (sdk.ts: only when OTEL_* variables ask for it) every call here is the API's no-op.
import {
  context,
  INVALID_SPAN_CONTEXT,
  propagation,
  ProxyTracerProvider,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

const tracer = trace.getTracer('preflight');
const NO_SPAN = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * Whether a tracer provider is registered (an SDK started, or a test's). Without one every span is
 * the API's no-op, and skipping it saves each request its contexts and closures (a few KiB).
 */
export function tracingActive(): boolean {
  const provider = trace.getTracerProvider();
  return !(provider instanceof ProxyTracerProvider) || provider.getDelegateTracer('preflight') !== undefined;
}

export { SpanKind, type Context, type Span };

/**
 * Runs `fn` in a span named `name`, a child of `parent` (default: the active context), with that span
 * active inside; ends it when `fn` settles. A thrown error is recorded on the span and thrown on.
 */
export function inSpan<T>(name: string, fn: (span: Span) => Promise<T>, opts: { parent?: Context; kind?: SpanKind; attributes?: Attributes } = {}): Promise<T> {
  if (!tracingActive()) {
    try {
      return fn(NO_SPAN);
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }
  return tracer.startActiveSpan(name, { kind: opts.kind ?? SpanKind.INTERNAL, ...(opts.attributes && { attributes: opts.attributes }) }, opts.parent ?? context.active(), async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Starts a span the caller ends (a request's, which lives from one hook to another). */
export function startSpan(name: string, parent: Context, kind: SpanKind, attributes: Attributes): Span {
  return tracer.startSpan(name, { kind, attributes }, parent);
}

/** Runs `fn` with `ctx` active, so the spans it starts are children of ctx's span. */
export function runIn<T>(ctx: Context, fn: () => T): T {
  return context.with(ctx, fn);
}

/** The context `span` is the current span of, under `parent`. */
export const withSpan = (parent: Context, span: Span): Context => trace.setSpan(parent, span);

/** The span active now, if any (to add attributes to it). */
export const activeSpan = (): Span | undefined => trace.getActiveSpan();

/**
 * What a job carries of the active trace (`otel_context`: W3C `traceparent`, `tracestate`), to join
 * it in its worker; nothing when tracing is off.
 */
export function jobTrace(): { otel_context?: Record<string, string> } {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return Object.keys(carrier).length > 0 ? { otel_context: carrier } : {};
}

/** The trace context carried in headers or a job (`jobTrace`); the root context when there is none. */
export function contextOf(carrier: Record<string, string | string[] | undefined> | undefined): Context {
  return carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
}

/** Marks a span failed by an answer's status (a 5xx), without an exception to record. */
export function failed(span: Span, message: string): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}
