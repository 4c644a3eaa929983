// One JSON line per event. Callers pass ids and counts, never personal data (emails, phones,
// medical notes, coordinates, session ids): the log is read by operators, not owners.
type Level = 'debug' | 'info' | 'warn' | 'error';
const order = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

let threshold: number = order.info;

export function setLogLevel(level: keyof typeof order) {
  threshold = order[level];
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (order[level] < threshold) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

export const logger = {
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
};

/**
 * What may be logged about a failure: its kind and code. Database errors quote the failed query's
 * parameters in their message, and those can be an owner's address.
 */
export const describeFailure = (err: unknown) => {
  const failure = err as { name?: string; code?: string; status?: number; cause?: { code?: string } };
  return { error: failure?.name, code: failure?.code ?? failure?.cause?.code, status: failure?.status };
};
