// OpenTelemetry spans (test/api/tracing.test.ts is about X-Request-Id and metadata), with an SDK
// registered in this test process (what tracing/sdk.ts starts from OTEL_* variables), spans kept in memory: a text check is one trace under the caller's traceparent
// (request → auth → rate limit → detection → journal), and a file check's worker spans (extract,
// detection, journal) join the request's trace through the job.
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFileWorkers, type FileWorkers } from '../../src/workers/file-workers.js';
import { check, createOrg, fileCheck, startTestApp, type OrgFixture, type TestApp } from '../helpers/app.js';

const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
const contextManager = new AsyncLocalStorageContextManager().enable();
context.setGlobalContextManager(contextManager);
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
trace.setGlobalTracerProvider(provider);

let t: TestApp;
let org: OrgFixture;
let workers: FileWorkers;
beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t.app);
  workers = await startFileWorkers(t.config, t.app.repos, t.app.services.auditJournal, pino({ level: 'silent' }));
});
afterAll(async () => {
  await workers?.close();
  await t?.close();
  await provider.shutdown();
  context.disable();
  propagation.disable();
  trace.disable();
});

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

/** The finished spans of one trace, by name. */
function spansOf(traceId: string) {
  const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
  return { spans, named: (name: string) => spans.find((s) => s.name === name) };
}
const parentOf = (span: { parentSpanContext?: { spanId: string } | undefined }) => span.parentSpanContext?.spanId;

describe('tracing', () => {
  it('traces a text check under the caller’s traceparent: request, auth, rate limit, detection, journal', async () => {
    const res = await check(t.app, org.apiKey, { text: 'Member SSN 123-45-6789', destination: 'AI_TOOL' }, { headers: { 'x-service-api-key': org.apiKey, traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` } });
    expect(res.statusCode).toBe(200);
    const { named } = spansOf(TRACE_ID);
    const request = named('POST /api/preflight/text');
    expect(request).toBeDefined();
    expect(parentOf(request!)).toBe(CALLER_SPAN);
    expect(request!.attributes).toMatchObject({ 'http.route': '/api/preflight/text', 'http.response.status_code': 200, 'preflight.request_id': res.headers['x-request-id'] });
    for (const stage of ['auth', 'rate-limit', 'detect', 'journal.append']) {
      expect(named(stage), stage).toBeDefined();
      expect(parentOf(named(stage)!), stage).toBe(request!.spanContext().spanId);
    }
    expect(named('detect')!.attributes['preflight.detect.mode']).toBe('inline');
  });

  it('records a refused credential on the auth span, and the answer’s status on the request span', async () => {
    const traceId = 'aaaabbbbccccddddeeeeffff00001111';
    const res = await check(t.app, 'pk_live_not_a_key', { text: 'x', destination: 'AI_TOOL' }, { headers: { 'x-service-api-key': 'pk_live_not_a_key', traceparent: `00-${traceId}-${CALLER_SPAN}-01` } });
    expect(res.statusCode).toBe(401);
    const { named } = spansOf(traceId);
    expect(named('auth')!.status.code).toBe(2); // ERROR
    expect(named('POST /api/preflight/text')!.attributes['http.response.status_code']).toBe(401);
  });

  it('carries a file check’s trace through the queue: the worker’s spans join the request’s trace', async () => {
    const traceId = '0123456789abcdef0123456789abcdef';
    const res = await fileCheck(t.app, org.apiKey, Buffer.from('Member SSN 123-45-6789'), { destination: 'AI_TOOL' }, 'note.txt', { traceparent: `00-${traceId}-${CALLER_SPAN}-01` });
    expect(res.statusCode).toBe(200);
    const { named } = spansOf(traceId);
    const enqueue = named('queue.add file-scan');
    const job = named('file-scan');
    expect(enqueue).toBeDefined();
    expect(job).toBeDefined();
    expect(parentOf(enqueue!)).toBe(named('POST /api/preflight')!.spanContext().spanId);
    expect(parentOf(job!)).toBe(enqueue!.spanContext().spanId);
    for (const stage of ['extract', 'detect', 'journal.append']) {
      expect(named(stage), stage).toBeDefined();
      expect(parentOf(named(stage)!), stage).toBe(job!.spanContext().spanId);
    }
    expect(named('extract')!.attributes['preflight.file.kind']).toBe('text');
  });
});
