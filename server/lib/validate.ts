import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { badRequest, notFound } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const first = errors[0];
  throw badRequest(first.path ? `${first.path}: ${first.message}` : first.message, errors);
}

/** Replaces req.body with the parsed value, or answers 400. */
export const validateBody =
  (schema: z.ZodType): RequestHandler =>
  (req, _res, next) => {
    req.body = parse(schema, req.body ?? {});
    next();
  };

/** A route id that cannot exist answers 404, exactly like one that does not. */
export function uuidParam(value: unknown, what: string): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw notFound(what);
  return value.toLowerCase();
}

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
