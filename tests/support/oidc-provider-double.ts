import { OAuth2Server } from 'oauth2-mock-server';

/** Who the provider says signs in next: its subject and the claims it vouches for. */
export interface ProviderIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export interface OidcProviderDouble {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The person the next sign-ins are for. */
  /** `refuse`: the provider answers with this error instead (`access_denied`: the person cancelled). */
  signInAs(
    identity: ProviderIdentity,
    options?: { claimsIn?: 'id_token' | 'userinfo'; nonce?: string; refuse?: string },
  ): void;
  /** What the provider saw, oldest first. */
  authorizations: URLSearchParams[];
  tokenRequests: Record<string, unknown>[];
  idTokenNonces: unknown[];
  issuedIdTokens: string[];
  endSessions: URLSearchParams[];
  close(): Promise<void>;
}

/**
 * A second OpenID Connect provider, not the app's own development one: oauth2-mock-server, made
 * strict where a production provider is. It refuses an authorization request without an S256 PKCE
 * challenge and a token request without the verifier (which it checks against the challenge), and
 * echoes the nonce in the ID token. It signs in whoever `signInAs` names, without a login page.
 */
export async function startOidcProviderDouble(): Promise<OidcProviderDouble> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url as string;
  const clientId = 'homeward-test';

  let identity: ProviderIdentity = { sub: 'nobody' };
  let claimsIn: 'id_token' | 'userinfo' = 'id_token';
  let forcedNonce: string | undefined;
  let refusal: string | undefined;
  const double: OidcProviderDouble = {
    issuer,
    clientId,
    clientSecret: 'homeward-test-secret',
    signInAs(next, options = {}) {
      identity = next;
      claimsIn = options.claimsIn ?? 'id_token';
      forcedNonce = options.nonce;
      refusal = options.refuse;
    },
    authorizations: [],
    tokenRequests: [],
    idTokenNonces: [],
    issuedIdTokens: [],
    endSessions: [],
    close: () => server.stop(),
  };

  const { service } = server;
  service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }, req: { url: string }) => {
    const params = new URL(req.url, issuer).searchParams;
    double.authorizations.push(params);
    if (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge')) {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'invalid_request');
      url.searchParams.set('error_description', 'PKCE with S256 is required');
    } else if (refusal) {
      url.searchParams.delete('code');
      url.searchParams.set('error', refusal);
    }
  });
  service.on(
    'beforeResponse',
    (response: { statusCode: number; body: unknown }, req: { body: Record<string, unknown> }) => {
      double.tokenRequests.push(req.body);
      if (typeof req.body.code_verifier !== 'string') {
        response.statusCode = 400;
        response.body = { error: 'invalid_grant', error_description: 'code_verifier is required' };
        return;
      }
      const idToken = (response.body as { id_token?: string }).id_token;
      if (idToken) double.issuedIdTokens.push(idToken);
    },
  );
  // Every token passes here after the provider's own claims; the ID token is the one for this client.
  service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    const { payload } = token;
    payload.sub = identity.sub;
    if (payload.aud !== clientId) return;
    if (forcedNonce !== undefined) payload.nonce = forcedNonce;
    double.idTokenNonces.push(payload.nonce);
    if (claimsIn === 'id_token') Object.assign(payload, identity);
  });
  service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = { ...identity };
  });
  service.on('beforePostLogoutRedirect', (_redirect: unknown, req: { url: string }) => {
    double.endSessions.push(new URL(req.url, issuer).searchParams);
  });
  return double;
}
