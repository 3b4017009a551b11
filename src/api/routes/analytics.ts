import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AnalyticsQuery, AnalyticsTimeseries, DetectionBreakdown, OrgAnalytics } from '../schemas/analytics.js';
import { OrgParams } from '../schemas/organizations.js';

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const analytics = app.services.analytics;
    const admin = app.authenticate('admin');
    const options = <T extends z.ZodType>(summary: string, body: T) => ({
      onRequest: admin,
      config: { access: 'analyse' as const },
      schema: {
        tags: ['analytics'],
        security: [{ adminToken: [] }],
        summary,
        params: OrgParams,
        querystring: AnalyticsQuery,
        response: { 200: body },
      },
    });
    const base = '/api/orgs/:org_id/analytics';

    r.get(base, options('Totals over the period (UTC days ending today; docs/analytics.md)', OrgAnalytics), async (request) =>
      analytics.summary(await app.orgForRequest(request, request.params.org_id), request.query.period),
    );

    r.get(`${base}/timeseries`, options('One entry per day of the period, zero-filled', AnalyticsTimeseries), async (request) =>
      analytics.timeseries(await app.orgForRequest(request, request.params.org_id), request.query.period),
    );

    r.get(`${base}/detections`, options('Detections per type over the period, most frequent first', DetectionBreakdown), async (request) =>
      analytics.detections(await app.orgForRequest(request, request.params.org_id), request.query.period),
    );
  },
  { name: 'routes-analytics', dependencies: ['auth'] },
);
