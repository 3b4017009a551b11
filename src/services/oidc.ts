// Sign-in through OpenID Connect (docs/users-and-roles.md, "OpenID Connect"): the authorization code
// flow with PKCE, state and nonce, through openid-client. The provider only proves who someone is:
// the person must already be a dashboard user (created by an owner or admin) with the same email,
// which the provider must say it has verified. Nobody is created on the fly.
import * as oidc from 'openid-client';
import { Errors } from '../errors.js';
import type { OidcStates } from '../store/oidc-states.js';
import type { UserDoc } from '../store/user-repository.js';
import type { UserService } from './users.js';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** `${BASE_URL}/api/session/oidc/callback`, as registered with the provider. */
  redirectUri: string;
}

export class OidcSignIn {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly settings: OidcSettings,
    private readonly states: OidcStates,
    private readonly users: UserService,
  ) {}

  /** Discovered at first use, not at start-up, so a provider that is down does not stop the API; a failure is tried again next time. */
  private config(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    // Plain http is allowed only for a provider on this machine (a local test provider).
    const local = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(issuer);
    this.configuration ??= oidc
      .discovery(new URL(issuer), clientId, clientSecret, undefined, local ? { execute: [oidc.allowInsecureRequests] } : undefined)
      .catch((err: unknown) => {
        this.configuration = undefined;
        throw Object.assign(Errors.ssoUnavailable(), { cause: err });
      });
    return this.configuration;
  }

  /** Where to send the browser: the provider's authorization endpoint for a new state. */
  async start(): Promise<URL> {
    const config = await this.config();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await this.states.put(state, { verifier, nonce });
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: 'openid email',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
  }

  /** The dashboard user the provider's answer names (the callback URL as the browser was sent to it). */
  async finish(callback: URL): Promise<UserDoc> {
    const state = callback.searchParams.get('state');
    const saved = state ? await this.states.take(state) : null;
    if (!state || !saved) throw Errors.ssoFailed('This sign-in expired or was already used; start again.');
    const config = await this.config();
    let claims: Record<string, unknown> | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: saved.verifier, expectedState: state, expectedNonce: saved.nonce });
      const idToken = tokens.claims();
      // Providers may keep the email out of the ID token and give it at the userinfo endpoint instead.
      claims = !idToken || idToken.email !== undefined ? idToken : await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
    } catch {
      throw Errors.ssoFailed('The identity provider did not confirm the sign-in.');
    }
    if (typeof claims?.email !== 'string' || claims.email_verified !== true) {
      throw Errors.ssoFailed('The identity provider gave no verified email address.');
    }
    const user = await this.users.enabledByEmail(claims.email);
    if (!user) throw Errors.ssoFailed('No enabled dashboard user has this email address; ask an owner or admin to create one.');
    return user;
  }
}
