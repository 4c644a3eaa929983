import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { CommandOutput } from '../../lib/command-output';
import { listLatestNotifications, type Notification } from './notifications.repository';
import { EMAIL_ATTEMPTS } from './notifications.service';

export const OUTBOX_USAGE = `Usage: npm run outbox -- [--unsent] [--last N]

  (no option)   the last 10 e-mails, oldest first, each with its address, subject and text
  --last N      the last N e-mails instead (at most 500)
  --unsent      only those not sent: waiting for their next attempt, or given up on

Without SMTP_URL no e-mail leaves this machine, and the server log names no address and quotes no
message: this is where to read them.`;

const MAX_LAST = 500;
const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function status(mail: Notification, mode: Config['mail']['mode']) {
  // Which way the server that handled it was set is not recorded, and this shell's may differ from it.
  if (mail.sentAt)
    return mode === 'smtp'
      ? `sent ${when(mail.sentAt)}`
      : `done ${when(mail.sentAt)}: kept in the outbox (SMTP_URL is not set here), or sent by a server that had one`;
  if (mail.refusedAt) return `not sent: the mail server refused it ${when(mail.refusedAt)}`;
  if (mail.attempts >= EMAIL_ATTEMPTS) return `not sent: gave up after ${mail.attempts} attempts`;
  return `not sent yet (${mail.attempts} of ${EMAIL_ATTEMPTS} attempts made)`;
}

function parseArgs(args: string[]) {
  let unsentOnly = false;
  let limit = 10;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--unsent') unsentOnly = true;
    else if (args[i] === '--last' && /^\d+$/.test(args[i + 1] ?? '') && Number(args[i + 1]) >= 1) {
      limit = Math.min(Number(args[++i]), MAX_LAST);
    } else return undefined;
  }
  return { unsentOnly, limit };
}

/**
 * Prints the e-mails in the outbox, newest last so that it ends near the prompt. Answers the exit
 * code: 0 done, 2 not understood.
 */
export async function runOutboxCommand(
  db: Db,
  mode: Config['mail']['mode'],
  args: string[],
  io: CommandOutput,
): Promise<number> {
  const options = parseArgs(args);
  if (!options) {
    io.err(OUTBOX_USAGE);
    return 2;
  }
  const mails = (await listLatestNotifications(db, options)).reverse();
  if (mails.length === 0) io.out(options.unsentOnly ? 'Every e-mail has been sent.' : 'The outbox is empty.');
  for (const mail of mails) {
    io.out(`── ${mail.id.slice(0, 8)} · ${when(mail.createdAt)} · ${status(mail, mode)}`);
    io.out(`To: ${mail.recipient}`);
    io.out(`Subject: ${mail.subject}`);
    io.out('');
    for (const line of mail.body.split('\n')) io.out(line);
    io.out('');
  }
  return 0;
}
