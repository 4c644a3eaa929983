import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeFailure, type LogLevel, logger, setLogLevel } from './logger';

// The level each test sets is put back as it was: the test files share one logger when they share a worker.
const levelBefore = logger.level as LogLevel;
afterEach(() => {
  vi.restoreAllMocks();
  setLogLevel(levelBefore);
});

/** What the logger writes to `stream` while `log` runs, one parsed JSON line per call. */
function linesWritten(stream: NodeJS.WriteStream, log: () => void) {
  const written: string[] = [];
  vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  setLogLevel('info');
  log();
  return written.map((line) => JSON.parse(line));
}

describe('the log', () => {
  it('when a line carries personal data under a known key, then only the ids reach the log', () => {
    const [line] = linesWritten(process.stdout, () =>
      logger.info(
        {
          reportId: 'r-1',
          finderLocation: '12 Elm Street',
          pet: { ownerPhone: '555-0100', ownerEmail: 'alex@example.com', id: 'p-1' },
          report: { message: 'Found her by the bakery' },
        },
        'report stored',
      ),
    );
    expect(line).toMatchObject({ level: 'info', message: 'report stored', reportId: 'r-1', pet: { id: 'p-1' } });
    const text = JSON.stringify(line);
    for (const secret of ['12 Elm Street', '555-0100', 'alex@example.com', 'bakery'])
      expect(text).not.toContain(secret);
  });

  it('when an error is logged, then it goes to stderr and not to stdout', () => {
    const stdout = vi.spyOn(process.stdout, 'write');
    const [line] = linesWritten(process.stderr, () => logger.error({ orderId: 'o-1' }, 'order not submitted'));
    expect(line).toMatchObject({ level: 'error', orderId: 'o-1', message: 'order not submitted' });
    expect(Date.parse(line.time)).not.toBeNaN();
    expect(stdout).not.toHaveBeenCalled();
  });

  it('when a failure is described, then its kind, code and plain reason come from the cause it wraps, and no value it quotes does', () => {
    const dropped = Object.assign(new Error('Connection terminated unexpectedly'), { code: undefined });
    const query = new Error('Failed query: update pets set owner_address = $1 params: 9 Secret Lane', {
      cause: dropped,
    });
    expect(describeFailure(query)).toEqual({
      error: 'Error',
      code: undefined,
      status: undefined,
      reason: 'Connection terminated unexpectedly',
    });
    const refused = Object.assign(new Error('invalid input syntax for type uuid: "jordan@example.com"'), {
      name: 'DatabaseError',
      code: '22P02',
    });
    const described = describeFailure(new Error('Failed query', { cause: refused }));
    expect(described).toMatchObject({ error: 'DatabaseError', code: '22P02', reason: undefined });
    expect(JSON.stringify(described)).not.toContain('jordan');
  });
});
