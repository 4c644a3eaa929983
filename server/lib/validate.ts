import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import { AppError, badRequest } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * A record's id in a path. One that cannot exist names nothing, so it is answered like one that
 * does not: `${what} not found`, 404 (see `validate`). Ids are lowercased: one spelling per row.
 */
export const idParam = (what: string) =>
  z
    .string()
    .regex(UUID, `${what} not found`)
    .transform((id) => id.toLowerCase());

function issuesOf(error: z.ZodError) {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** Parses `input`, or throws the API's 400 whose message names the first problem ('name: Required'). */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = issuesOf(result.error);
  const first = errors[0];
  throw badRequest(first.path ? `${first.path}: ${first.message}` : first.message, errors);
}

type Parsed<S, Fallback> = S extends z.ZodType ? z.output<S> : Fallback;

/**
 * The one way a route checks its request: `router.patch(path, requireUser, validate(schemas.update), handler)`.
 * A path part that does not parse answers 404 (the address names nothing); a query or body 400.
 * The handler receives the parsed values, typed.
 */
export function validate<
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
>(schemas: {
  params?: P;
  query?: Q;
  body?: B;
}): RequestHandler<Parsed<P, Request['params']>, unknown, Parsed<B, unknown>, Parsed<Q, Request['query']>> {
  return (req, _res, next) => {
    if (schemas.params) {
      const result = schemas.params.safeParse(req.params);
      if (!result.success) throw new AppError(404, 'not_found', result.error.issues[0].message);
      req.params = result.data as typeof req.params;
    }
    if (schemas.query) {
      // Every query value is one value: given twice, it arrives as a list, which no schema's
      // message would name for what it is.
      const repeated = Object.entries(req.query as Record<string, unknown>).find(([, value]) => Array.isArray(value));
      if (repeated) throw badRequest(`${repeated[0]}: Given more than once`);
      // Express 5 makes req.query a getter: the parsed value shadows it on this request only.
      Object.defineProperty(req, 'query', { value: parse(schemas.query, req.query), writable: true });
    }
    if (schemas.body) req.body = parse(schemas.body, req.body ?? {}) as typeof req.body;
    next();
  };
}
