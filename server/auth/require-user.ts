import type { Request, RequestHandler } from 'express';
import { unauthorized } from '../lib/errors';

export interface SessionUser {
  id: string;
  idToken?: string;
}

declare global {
  namespace Express {
    interface User extends SessionUser {}
  }
}

export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.user?.id) throw unauthorized();
  next();
};

/** The signed-in user's id; only call behind requireUser. */
export const userId = (req: Request) => (req.user as SessionUser).id;
