// Manual fulfilment for operators: `npm run orders -- list | status <id> <status> | ship <id> <tracking> [url] | deliver <id>`.
import { runOrdersCommand } from '../server/features/fulfilment/orders-command';
import { runOperatorCommand } from './operator-command';

await runOperatorCommand('orders', (db, _config, args, io) => runOrdersCommand(db, args, io));
