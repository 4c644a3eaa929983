// The e-mails in the outbox, for developers (no SMTP_URL: nothing is sent, and the log never shows
// an e-mail) and for operators (what is still waiting to be sent): `npm run outbox -- [--unsent] [--last N]`.
import { runOutboxCommand } from '../server/features/notifications/outbox-command';
import { runOperatorCommand } from './operator-command';

await runOperatorCommand('outbox', (db, config, args, io) => runOutboxCommand(db, config.mail.mode, args, io));
