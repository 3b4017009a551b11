// Evidence bundles (spec "export/all", part 8; DESIGN §13, §31): every framework of the organization's
// bundle in one ZIP, made at most once per throttle window, and stored; bundles listed and downloaded;
// and a schedule that writes bundles on its own. Reads admit the organization's policy and partner keys
// and the admin; the schedule is the admin's to change.
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors } from '../../errors.js';
import type { BundleOutcome } from '../../services/evidence-bundles.js';
import type { OrganizationDoc } from '../../store/organization-repository.js';
import { actorOf } from '../plugins/auth.js';
import { download, ErrorBody } from '../schemas/common.js';
import { BundleList, BundleParams, BundleVerification, ExportAllQuery, PendingBundle, Schedule, ScheduleBody, toBundle } from '../schemas/compliance-bundles.js';
import { OrgParams } from '../schemas/organizations.js';

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const bundles = app.services.evidenceBundles;
    const reader = app.authenticate('admin', 'policy', 'partner');
    const admin = app.authenticate('admin');
    const tags = ['compliance'];
    const readers: Array<Record<string, string[]>> = [{ apiKey: [] }, { partnerKey: [] }, { adminToken: [] }, { session: [] }];
    const admins: Array<Record<string, string[]>> = [{ adminToken: [] }, { session: [] }];
    const base = '/api/orgs/:org_id/compliance';
    const bundlePath = (org: OrganizationDoc, id: string) => `/api/orgs/${org._id}/compliance/bundles/${id}`;
    const zip = { 200: download('The ZIP (Content-Disposition: attachment)', ['application/zip']), 202: PendingBundle };

    /** The ZIP of a ready bundle, or 202 with where to fetch it when it is not. */
    async function answer(reply: FastifyReply, org: OrganizationDoc, outcome: BundleOutcome) {
      if (outcome.status === 'pending') return reply.code(202).header('location', bundlePath(org, outcome.bundle_id)).send(outcome);
      const file = await bundles.open(outcome.bundle);
      if (!file) throw Errors.notFound('Bundle');
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(file.length))
        .header('content-disposition', `attachment; filename="${outcome.bundle.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    }

    r.get(
      `${base}/export/all`,
      {
        onRequest: reader,
        config: { access: 'comply' },
        schema: {
          tags,
          security: readers,
          summary: 'Every framework of the organization’s bundle in one ZIP (manifest.json, summary.pdf, one folder per framework)',
          description:
            'One bundle per organization per throttle window (5 minutes by default): a repeat with the same settings gets the same bundle, another gets 429. Answers 202 with Location when the bundle takes longer than the wait bound.',
          params: OrgParams,
          querystring: ExportAllQuery,
          response: { ...zip },
        },
      },
      async (request, reply) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        return answer(reply, org, await bundles.exportAll(org, request.query.days));
      },
    );

    r.get(
      `${base}/bundles`,
      {
        onRequest: reader,
        config: { access: 'comply' },
        schema: { tags, security: readers, summary: 'Stored bundles, on demand and scheduled, newest first', params: OrgParams, response: { 200: BundleList } },
      },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        const list = await bundles.list(org);
        return { bundles: list.map((doc) => toBundle(doc, `${app.config.baseUrl}${bundlePath(org, doc._id)}`)) };
      },
    );

    r.get(
      `${base}/bundles/:bundle_id`,
      {
        onRequest: reader,
        config: { access: 'comply' },
        schema: {
          tags,
          security: readers,
          summary: 'Download a bundle; 202 while it is being made',
          params: BundleParams,
          response: { ...zip },
        },
      },
      async (request, reply) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        const outcome = await bundles.find(org, request.params.bundle_id);
        if (!outcome) throw Errors.notFound('Bundle');
        return answer(reply, org, outcome);
      },
    );

    r.get(
      `${base}/bundles/:bundle_id/verify`,
      {
        onRequest: reader,
        config: { access: 'comply' },
        schema: {
          tags,
          security: readers,
          summary: 'Re-check a stored bundle: its ZIP digest, the manifest signature (RS256, the key of /v1/license/public-key) and every file against the manifest',
          description:
            'Answers 200 with `valid` false and the `problems` when anything fails; 404 for an unknown or dropped bundle; 409 `bundle_pending` while it is being made.',
          params: BundleParams,
          response: { 200: BundleVerification, 409: ErrorBody },
        },
      },
      async (request) => {
        const org = await app.orgForRequest(request, request.params.org_id);
        const verification = await bundles.verify(org, request.params.bundle_id);
        if (!verification) throw Errors.notFound('Bundle');
        return verification;
      },
    );

    r.put(
      `${base}/schedule`,
      {
        onRequest: admin,
        config: { access: 'manage' },
        schema: {
          tags,
          security: admins,
          summary: 'Create or replace the organization’s bundle schedule (cron in an IANA time zone)',
          params: OrgParams,
          body: ScheduleBody,
          response: { 200: Schedule },
        },
      },
      async (request) => bundles.setSchedule(await app.orgForRequest(request, request.params.org_id), request.body, actorOf(request.principal)),
    );

    r.get(
      `${base}/schedule`,
      {
        onRequest: reader,
        config: { access: 'comply' },
        schema: { tags, security: readers, summary: 'The organization’s bundle schedule', params: OrgParams, response: { 200: Schedule } },
      },
      async (request) => {
        const schedule = await bundles.schedule(await app.orgForRequest(request, request.params.org_id));
        if (!schedule) throw Errors.notFound('Schedule');
        return schedule;
      },
    );

    r.delete(
      `${base}/schedule`,
      {
        onRequest: admin,
        config: { access: 'manage' },
        schema: { tags, security: admins, summary: 'End the organization’s bundle schedule (its bundles stay)', params: OrgParams, response: { 204: z.null() } },
      },
      async (request, reply) => {
        if (!(await bundles.removeSchedule(await app.orgForRequest(request, request.params.org_id), actorOf(request.principal)))) throw Errors.notFound('Schedule');
        return reply.code(204).send(null);
      },
    );
  },
  { name: 'routes-compliance-bundles', dependencies: ['auth', 'services', 'queues'] },
);
