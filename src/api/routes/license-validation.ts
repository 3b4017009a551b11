// The SDK side of licenses (spec part 4, DESIGN §11): validation with a license key, and the public
// key that verifies the tokens it returns. The key endpoints need no credentials.
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Errors } from '../../errors.js';
import { ErrorBody, RateLimitedBody } from '../schemas/common.js';
import { Jwks, LicenseInvalid, LicenseValidation, PublicKey } from '../schemas/licenses.js';

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['licenses'];
    const signer = app.services.licenseSigner;

    r.get(
      '/v1/license/validate',
      {
        onRequest: app.authenticate('license'),
        schema: {
          tags,
          security: [{ licenseKey: [] }],
          summary: 'Validate a license key: the organization’s policy configuration and a signed token',
          response: { 200: LicenseValidation, 401: ErrorBody, 403: LicenseInvalid, 429: RateLimitedBody },
        },
      },
      async (request) => {
        const principal = request.principal;
        if (principal.kind !== 'license') throw Errors.missingLicenseKey();
        return app.services.licenseValidator.validate(principal.license);
      },
    );

    r.get(
      '/v1/license/public-key',
      { schema: { tags, summary: 'The public key that verifies license tokens', response: { 200: PublicKey } } },
      async () => signer.publicKey(),
    );

    r.get(
      '/.well-known/jwks.json',
      { schema: { tags, summary: 'The same key as a JSON Web Key Set', response: { 200: Jwks } } },
      async () => signer.jwks(),
    );
  },
  { name: 'routes-license-validation', dependencies: ['auth'] },
);
