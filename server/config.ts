import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { MapTiles } from '../shared/client-config';
import { base64urlBytes, isP256PublicKey, p256PublicKeyOf } from './lib/p256';

const optionalUrl = z.url().optional();

const TILE_TEMPLATE_MESSAGE =
  'MAP_TILE_URL must be an http(s) address with {z}, {x} and {y} in it, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** A slippy-map tile address: http(s), with the zoom and both tile numbers to fill in. */
function isTileTemplate(template: string) {
  if (!['{z}', '{x}', '{y}'].every((part) => template.includes(part))) return false;
  return tileOrigin(template) !== undefined;
}

/**
 * Where the browser fetches tiles from, for the Content-Security-Policy: the template's origin, with
 * a `{s}` subdomain (a.tile…, b.tile…) as the wildcard `*.`. Undefined when it is no http(s) address.
 */
export function tileOrigin(template: string) {
  const filled = template.replace(/\{s\}\./, 'sub.').replace(/\{[a-z]+\}/g, '0');
  if (!URL.canParse(filled)) return undefined;
  const url = new URL(filled);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const origin = url.origin;
  return template.includes('{s}.') ? origin.replace('//sub.', '//*.') : origin;
}

/** OpenStreetMap's own tiles, free for light use (their tile usage policy); see .env.example. */
export const OPENSTREETMAP_TILES: MapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
  // Their licence asks for a link to the copyright page beside the credit.
  attributionUrl: 'https://www.openstreetmap.org/copyright',
};
const blankToUndefined = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // Unset: every interface with a real identity provider, this machine only with the development one.
    HOST: z.string().optional(),
    // The address people use to reach the app; defaults to http://localhost:PORT.
    PUBLIC_URL: optionalUrl,
    SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters').optional(),
    DATABASE_URL: optionalUrl,
    DATA_DIR: z.string().default('.data'),
    OIDC_ISSUER_URL: optionalUrl,
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
    STRIPE_API_URL: optionalUrl,
    PRINTIFY_API_TOKEN: z.string().optional(),
    PRINTIFY_SHOP_ID: z.string().optional(),
    PRINTIFY_WEBHOOK_SECRET: z.string().optional(),
    PRINTIFY_API_URL: z.url().default('https://api.printify.com/v1'),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Homeward <no-reply@homeward.local>'),
    VAPID_PUBLIC_KEY: z
      .string()
      .refine(isP256PublicKey, 'VAPID_PUBLIC_KEY must be a P-256 public key in URL-safe base64 (65 bytes)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .refine(
        (v) => base64urlBytes(v, 32),
        'VAPID_PRIVATE_KEY must be a P-256 private key in URL-safe base64 (32 bytes)',
      )
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address or an https: URL')
      .optional(),
    PUSH_EXTRA_HOSTS: z
      .string()
      .transform((list, ctx) => list.split(',').map((entry) => pushHost(entry.trim(), ctx)))
      .optional(),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    // Sign-in attempts per minute from one address (each of /api/login and /api/callback).
    SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    // Which proxies in front may say who the client is (X-Forwarded-For, -Proto): unset, none.
    TRUST_PROXY: z.string().transform(trustedProxies).optional(),
    MAP_TILE_URL: z.string().refine(isTileTemplate, TILE_TEMPLATE_MESSAGE).optional(),
    MAP_ATTRIBUTION: z.string().max(300).optional(),
  })
  .superRefine((env, ctx) => {
    const groups = {
      'OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET': [
        env.OIDC_ISSUER_URL,
        env.OIDC_CLIENT_ID,
        env.OIDC_CLIENT_SECRET,
      ],
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET': [
        env.STRIPE_SECRET_KEY,
        env.STRIPE_PUBLISHABLE_KEY,
        env.STRIPE_WEBHOOK_SECRET,
      ],
      'PRINTIFY_API_TOKEN and PRINTIFY_SHOP_ID': [env.PRINTIFY_API_TOKEN, env.PRINTIFY_SHOP_ID],
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY': [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY],
      // Another server's tiles under OpenStreetMap's name (or the reverse) would credit the wrong people.
      'MAP_TILE_URL and MAP_ATTRIBUTION': [env.MAP_TILE_URL, env.MAP_ATTRIBUTION],
    };
    for (const [names, values] of Object.entries(groups)) {
      const set = values.filter(Boolean).length;
      if (set !== 0 && set !== values.length) ctx.addIssue({ code: 'custom', message: `set all of ${names}, or none` });
    }
    if (
      env.VAPID_PUBLIC_KEY &&
      env.VAPID_PRIVATE_KEY &&
      p256PublicKeyOf(env.VAPID_PRIVATE_KEY) !== env.VAPID_PUBLIC_KEY
    )
      ctx.addIssue({ code: 'custom', message: 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY' });
    if (env.NODE_ENV === 'production') {
      if (!env.OIDC_ISSUER_URL)
        ctx.addIssue({ code: 'custom', message: 'production needs a real identity provider (OIDC_ISSUER_URL)' });
      if (!env.SESSION_SECRET) ctx.addIssue({ code: 'custom', message: 'production needs SESSION_SECRET' });
    }
  });

/** Every variable the configuration reads. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);
/** One entry of PUSH_EXTRA_HOSTS, spelled as a URL's `host` spells it (lower case, no :443). */
function pushHost(entry: string, ctx: z.RefinementCtx) {
  const url = `https://${entry}`;
  if (/^[^/?#@\s]+$/.test(entry) && URL.canParse(url)) return new URL(url).host;
  ctx.addIssue({ code: 'custom', message: `PUSH_EXTRA_HOSTS: "${entry}" is not a host:port` });
  return z.NEVER;
}

// Express's names for address ranges, which it also accepts in a list of trusted proxies.
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isAddressOrRange = (entry: string) => {
  if (PROXY_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY as Express's `trust proxy` takes it: a hop count (the proxies in front, every one
 * trusted), or a comma-separated list of the proxies' addresses and ranges. Anything else is refused
 * at start-up: trusting a header nobody vouches for lets any client pick its own address, and so
 * escape every per-address limit.
 */
function trustedProxies(value: string, ctx: z.RefinementCtx): number | string[] {
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isAddressOrRange)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: 'TRUST_PROXY must be a number of proxies (e.g. 1) or a comma-separated list of their addresses',
  });
  return z.NEVER;
}

/** Push services are told who sends: the operator's address (RFC 8292), from MAIL_FROM unless set. */
function vapidSubject(subject: string | undefined, mailFrom: string, publicUrl: string) {
  if (subject) return subject;
  const address = /<([^<>\s]+@[^<>\s]+)>|^([^<>\s]+@[^<>\s]+)$/.exec(mailFrom.trim());
  return address ? `mailto:${address[1] ?? address[2]}` : publicUrl;
}

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(blankToUndefined(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    // The development sign-in asks for no password: anyone who reaches it can sign in as any owner.
    host: e.HOST ?? (e.OIDC_ISSUER_URL ? '0.0.0.0' : '127.0.0.1'),
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    // Express's `trust proxy`: false (the default) believes no X-Forwarded-* header.
    trustProxy: e.TRUST_PROXY ?? false,
    // A development secret is acceptable only because production refuses to start without one.
    sessionSecret: e.SESSION_SECRET ?? 'homeward-development-session-secret',
    logLevel: e.LOG_LEVEL,
    signInRateLimit: e.SIGN_IN_RATE_LIMIT,
    database: e.DATABASE_URL
      ? ({ mode: 'postgres', url: e.DATABASE_URL } as const)
      : ({ mode: 'embedded', dataDir: path.resolve(e.DATA_DIR) } as const),
    oidc: e.OIDC_ISSUER_URL
      ? ({
          mode: 'external',
          issuer: e.OIDC_ISSUER_URL,
          clientId: e.OIDC_CLIENT_ID as string,
          clientSecret: e.OIDC_CLIENT_SECRET as string,
        } as const)
      : ({ mode: 'development' } as const),
    payments: e.STRIPE_SECRET_KEY
      ? ({
          mode: 'stripe',
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY as string,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET as string,
          apiUrl: e.STRIPE_API_URL,
        } as const)
      : ({ mode: 'local' } as const),
    fulfilment: e.PRINTIFY_API_TOKEN
      ? ({
          mode: 'printify',
          token: e.PRINTIFY_API_TOKEN,
          shopId: e.PRINTIFY_SHOP_ID as string,
          webhookSecret: e.PRINTIFY_WEBHOOK_SECRET,
          apiUrl: e.PRINTIFY_API_URL,
        } as const)
      : ({ mode: 'manual' } as const),
    mail: e.SMTP_URL
      ? ({ mode: 'smtp', url: e.SMTP_URL, from: e.MAIL_FROM } as const)
      : ({ mode: 'outbox', from: e.MAIL_FROM } as const),
    mapTiles: (e.MAP_TILE_URL
      ? { url: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION as string }
      : OPENSTREETMAP_TILES) as MapTiles,
    push: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? ({ mode: 'configured', publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } as const)
          : ({ mode: 'generated' } as const),
      subject: vapidSubject(e.VAPID_SUBJECT, e.MAIL_FROM, publicUrl),
      extraHosts: e.PUSH_EXTRA_HOSTS ?? [],
    },
  };
}

export class ConfigError extends Error {}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

/** The start-up warning for a development sign-in that other machines can reach, if it is one. */
export function exposedSignInWarning(config: Config) {
  if (config.oidc.mode !== 'development' || isLoopback(config.host)) return undefined;
  return `HOST=${config.host} makes the development sign-in reachable from the network: anyone who can reach this port can sign in as any owner, without a password. Unset HOST to listen on this machine only, or set OIDC_ISSUER_URL to use a real identity provider.`;
}
