import crypto from 'node:crypto';

// Web Push keys are P-256 (prime256v1) keys written in URL-safe base64 without padding: the
// public key as its 65-byte uncompressed point, the private key as its 32-byte scalar (RFC 8292).

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of `text` when it is URL-safe base64 of exactly `length` bytes; otherwise undefined. */
export function base64urlBytes(text: string, length: number): Buffer | undefined {
  if (!BASE64URL.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.length === length ? bytes : undefined;
}

/** The key of an uncompressed P-256 point (0x04, x, y); throws when the point is not on the curve. */
export function p256PublicKeyFromPoint(point: Buffer): crypto.KeyObject {
  return crypto.createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
  });
}

/** Whether `text` is a P-256 public key, uncompressed, on the curve. */
export function isP256PublicKey(text: string): boolean {
  const point = base64urlBytes(text, 65);
  if (point?.[0] !== 0x04) return false;
  try {
    p256PublicKeyFromPoint(point);
    return true;
  } catch {
    return false;
  }
}

/** The public key (URL-safe base64) of a P-256 private key; undefined when it is not one. */
export function p256PublicKeyOf(privateKey: string): string | undefined {
  const scalar = base64urlBytes(privateKey, 32);
  if (!scalar) return undefined;
  try {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.setPrivateKey(scalar);
    return ecdh.getPublicKey().toString('base64url');
  } catch {
    return undefined;
  }
}
