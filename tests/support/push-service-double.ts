import crypto from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { p256PublicKeyFromPoint } from '../../server/lib/p256';
import { eventually } from './eventually';
import { pushServiceTls } from './push-service-ca';

/** A message the push service accepted: checked as a real one checks it, then decrypted. */
export interface ReceivedPush {
  /** The endpoint it was sent to. */
  endpoint: string;
  /** The decrypted payload, parsed as JSON. */
  message: { title: string; body: string; url: string };
  ttl: number;
  urgency: string | undefined;
  /** The VAPID key the sender signed with (RFC 8292 `k`), and the claims of its signed token. */
  vapid: { publicKey: string; claims: { aud: string; exp: number; sub: string } };
}

interface Device {
  ecdh: crypto.ECDH;
  auth: Buffer;
  /** What the push service answers a message for this device (201, or 410 once it is gone). */
  status: number;
  /** While held, its messages wait unanswered here (a slow push service). */
  held?: (() => void)[];
}

/** Verifies a VAPID token (a JWT signed with ES256) against the public key sent beside it. */
function verifyVapid(authorization: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error('no VAPID authorization');
  const [, token, publicKey] = match;
  const [header, payload, signature] = token.split('.');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const key = p256PublicKeyFromPoint(Buffer.from(publicKey, 'base64url'));
  const signed = Buffer.from(`${header}.${payload}`);
  const valid = crypto.verify(
    'sha256',
    signed,
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const now = Date.now() / 1000;
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud} is not ${origin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error('VAPID expiry out of range');
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error('VAPID subject is no contact');
  return { publicKey, claims };
}

/**
 * A device of the push service at `host`: its keys, and its subscription as
 * `PushSubscription.toJSON()` gives it. Alone, for a test that needs a device but sends it nothing.
 */
export function newDevice(host: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  const subscription = {
    endpoint: `https://${host}/push/${crypto.randomUUID()}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
  return { subscription, ecdh, auth };
}

/**
 * A push service on https://127.0.0.1 (a second implementation of Web Push, beside `web-push`):
 * it hands out subscriptions as a browser's push service would, verifies each message's VAPID
 * signature (RFC 8292), decrypts it with `http_ece` (RFC 8291, aes128gcm) and keeps it.
 */
export async function startPushServiceDouble({ port = 0 } = {}) {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];

  const server = https.createServer(pushServiceTls(), (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', function answer() {
      const endpoint = `${origin}${req.url}`;
      const device = devices.get(endpoint);
      if (req.method !== 'POST' || !device) {
        res.writeHead(404).end();
        return;
      }
      if (device.held) {
        device.held.push(answer);
        return;
      }
      if (device.status !== 201) {
        res.writeHead(device.status).end();
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const vapid = verifyVapid(req.headers.authorization, origin);
        const plain = decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: device.ecdh,
          authSecret: device.auth,
        });
        received.push({
          endpoint,
          message: JSON.parse(plain.toString('utf8')),
          ttl: Number(req.headers.ttl),
          urgency: req.headers.urgency as string | undefined,
          vapid,
        });
        res.writeHead(201).end();
      } catch (err) {
        refused.push((err as Error).message);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origin = `https://${host}`;
  const messagesSoFar = (endpoint: string) => received.filter((r) => r.endpoint === endpoint);

  return {
    /** For PUSH_EXTRA_HOSTS. */
    host,
    received,
    /** Why messages were refused (a bad signature, a payload that did not decrypt). */
    refused,

    /** A new device's subscription, as `PushSubscription.toJSON()` gives it. */
    subscribe() {
      const { subscription, ecdh, auth } = newDevice(host);
      devices.set(subscription.endpoint, { ecdh, auth, status: 201 });
      return subscription;
    },

    /** From now on the device behind `endpoint` is gone: its messages are answered 410. */
    forget(endpoint: string) {
      const device = devices.get(endpoint);
      if (device) device.status = 410;
    },

    /** From now on the push service answers messages for `endpoint` with `status` (503: unavailable for now); 201 takes them again. */
    answer(endpoint: string, status: number) {
      const device = devices.get(endpoint);
      if (device) device.status = status;
    },

    /** From now on messages for `endpoint` wait unanswered, as a slow push service keeps them, until `release`. */
    hold(endpoint: string) {
      const device = devices.get(endpoint);
      if (device) device.held ??= [];
    },

    /** Answers the messages held for `endpoint`, and those that come next, as usual. */
    release(endpoint: string) {
      const device = devices.get(endpoint);
      const held = device?.held ?? [];
      if (device) device.held = undefined;
      for (const answer of held) answer();
    },

    /** The messages received for `endpoint` so far. */
    messagesSoFar,

    /** The messages received for `endpoint` once there are `count` of them; fails after `ms` without. */
    // A push comes through the job queue and a push service: on CI's busy two cores once over 5 s.
    messagesFor(endpoint: string, { count = 1, ms = 15_000 } = {}) {
      return eventually(
        () => messagesSoFar(endpoint),
        (messages) => messages.length >= count,
        ms,
      );
    },

    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type PushServiceDouble = Awaited<ReturnType<typeof startPushServiceDouble>>;
