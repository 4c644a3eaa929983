// http_ece ships no types; the tests' push service uses only its decryption.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's key pair; the sender's public key is read from the message header. */
    privateKey: ECDH;
    authSecret: Buffer | string;
  }
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
