import crypto from 'node:crypto';
import express, { type Router } from 'express';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';

export const DEV_CLIENT_ID = 'homeward-dev';

interface DevAccount {
  email: string;
  firstName: string;
  lastName: string;
}

const loginForm = z.object({
  email: z.email().max(320),
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
});

/**
 * A real OpenID Connect provider for development and tests, mounted at /oidc in the same server.
 * The app signs in through it with exactly the code it uses against a production provider; only
 * the "who are you" page is simplified: type an e-mail and a name, no password.
 */
export function createDevIdentityProvider(publicUrl: string, clientSecret: string): Router {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('The development identity provider must not run in production: set OIDC_ISSUER_URL');
  }
  const accounts = new Map<string, DevAccount>();

  const configuration: Configuration = {
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`${publicUrl}/api/callback`],
        post_logout_redirect_uris: [`${publicUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // Put the profile in the ID token, as most hosted providers do.
    conformIdTokenClaims: false,
    // Lax, as the provider's later majors default to: the sign-in is a top-level navigation, and a
    // SameSite=None cookie would need https, which development does not have.
    cookies: { keys: [crypto.randomBytes(32).toString('hex')], long: { sameSite: 'lax' } },
    pkce: { required: () => true },
    // Explicit lifetimes (seconds); the defaults work but the provider asks for a decision.
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 3600, Session: 86400, Grant: 86400 },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource: autoSubmitLogout },
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    // The app is the only client, so consent is implied: skip that screen.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub) ?? { email: sub, firstName: '', lastName: '' };
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified: true,
            given_name: account.firstName || undefined,
            family_name: account.lastName || undefined,
            name: [account.firstName, account.lastName].filter(Boolean).join(' ') || undefined,
          };
        },
      };
    },
  };

  const provider = new Provider(`${publicUrl}/oidc`, configuration);
  provider.on('server_error', (_ctx, err) => console.error('development identity provider:', err.message));

  const router = express.Router();
  router.get('/interaction/:uid', async (req, res) => {
    const details = await provider.interactionDetails(req, res);
    res.type('html').send(signInPage(details.uid, details.params.login_hint as string | undefined));
  });
  router.post('/interaction/:uid/login', express.urlencoded({ extended: false, limit: '10kb' }), async (req, res) => {
    const details = await provider.interactionDetails(req, res);
    const parsed = loginForm.safeParse(req.body);
    if (!parsed.success) {
      res
        .status(400)
        .type('html')
        .send(signInPage(details.uid, undefined, 'Enter a valid e-mail address.'));
      return;
    }
    const account = { ...parsed.data, email: parsed.data.email.toLowerCase() };
    accounts.set(account.email, account);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.email } },
      { mergeWithLastSubmission: false },
    );
  });
  // Cancel answers the app as a real provider does when the person will not sign in.
  router.post('/interaction/:uid/abort', async (req, res) => {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The sign-in was cancelled.' },
      { mergeWithLastSubmission: false },
    );
  });
  router.use(provider.callback());
  return router;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const pageStyle = `body{font-family:system-ui,sans-serif;background:#f5f5f4;color:#1c1917;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 2px 10px #0002;width:min(22rem,90vw)}
h1{font-size:1.25rem;margin:0 0 .25rem}p{color:#57534e;margin:0 0 1.25rem;font-size:.9rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #a8a29e;border-radius:8px;font-size:1rem}
button{margin-top:1.25rem;width:100%;padding:.7rem;border:0;border-radius:8px;background:#0f766e;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
.secondary{margin-top:.5rem;background:none;color:#0f766e;border:1px solid #0f766e}
.error{color:#b91c1c;font-weight:600}`;

function signInPage(uid: string, loginHint?: string, error?: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign in · Homeward</title><style>${pageStyle}</style></head><body><main>
<h1>Sign in to Homeward</h1><p>Development sign-in: no password needed.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/login">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required autofocus value="${escapeHtml(loginHint ?? '')}">
<label for="firstName">First name</label><input id="firstName" name="firstName" autocomplete="given-name">
<label for="lastName">Last name</label><input id="lastName" name="lastName" autocomplete="family-name">
<button type="submit">Sign in</button></form>
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/abort"><button type="submit" class="secondary">Cancel</button></form></main></body></html>`;
}

// The app already asked to sign out, so confirm on the person's behalf and return to the app.
async function autoSubmitLogout(ctx: KoaContextWithOIDC, form: string) {
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing out · Homeward</title></head>
<body><p>Signing you out…</p>${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}
<script>document.forms[0].submit()</script></body></html>`;
}
