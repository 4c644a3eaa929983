import express from 'express';

// A provider signs the raw bytes of its webhook: its route reads the body itself, so it is mounted
// before the JSON parser, and answers 2xx only once the work is committed.

/** Reads a webhook delivery's body as bytes, whatever its content type says. */
export const webhookBody = express.raw({ type: () => true, limit: '1mb' });

/** The bytes `webhookBody` read (none when there was no body). */
export const bytesOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
