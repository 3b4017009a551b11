// When a process traces: only when the standard OTEL_* variables ask for it.
import { describe, expect, it } from 'vitest';
import { startTracing, tracingRequested } from '../../src/tracing/sdk.js';

describe('tracingRequested', () => {
  it.each([
    [{}, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, true],
    [{ OTEL_TRACES_EXPORTER: 'otlp' }, true],
    [{ OTEL_TRACES_EXPORTER: 'console' }, true],
    [{ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, false],
    [{ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' }, false],
    [{ OTEL_SDK_DISABLED: 'false', OTEL_TRACES_EXPORTER: 'otlp' }, true],
  ])('%o → %s', (env, want) => {
    expect(tracingRequested(env as NodeJS.ProcessEnv)).toBe(want);
  });

  it('starts nothing when not asked', async () => {
    expect(await startTracing('preflight-test', {})).toBeNull();
  });
});
