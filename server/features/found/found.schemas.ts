import { z } from 'zod';

// Longer than any code or chip number with spaces and dashes; anything longer is no guess worth a query.
const code = z.string().max(64, 'Must be 64 characters or fewer');

/** What each found route accepts. */
export const foundSchemas = {
  lookup: { query: z.object({ code: code.trim().min(1, 'Required') }) },
  /** The /found page: no code yet shows the empty form; any text is answered on the page itself. */
  page: { query: z.object({ code: z.string().optional() }) },
  tag: { params: z.object({ code: z.string() }) },
};
