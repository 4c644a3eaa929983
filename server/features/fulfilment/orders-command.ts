import { ORDER_STATUSES, type OrderStatus } from '../../../shared/contracts/store';
import type { Db } from '../../db/connection';
import type { CommandOutput } from '../../lib/command-output';
import {
  advanceOrderStatus,
  type FulfilmentListItem,
  findOrdersByIdPrefix,
  listOrdersForFulfilment,
  updateFulfilmentDetails,
} from './fulfilment.repository';
import { isOrderStatus, statusRank } from './order-status';

export const ORDERS_USAGE = `Usage: npm run orders -- <command>

  list [--all]                    orders waiting to be fulfilled, oldest first (--all: every order)
  status <order id> <status>      set the status: ${ORDER_STATUSES.join(', ')}
  ship <order id> <tracking> [url]  mark as shipped with its tracking number (and tracking link)
  deliver <order id>              mark as delivered

An order id may be shortened to its first 8 characters, as owners see it.
Statuses only move forward: pending → processing → shipped → delivered.`;

class CommandError extends Error {}

const OPEN_STATUSES = ORDER_STATUSES.filter((s) => s !== 'delivered');
const FORWARD = 'statuses only move forward (pending → processing → shipped → delivered)';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (date: Date) => date.toISOString().slice(0, 10);

function describeOrder(order: FulfilmentListItem) {
  const item = `${order.quantity} × ${order.productName}${order.tagColor ? ` (${order.tagColor})` : ''}`;
  const lines = [
    `${order.id}  ${day(order.createdAt)}  ${order.status.padEnd(10)}  ${item}  ${money(order.totalPrice)}`,
    `    Ship to: ${order.shippingName}, ${order.shippingAddress}, ${order.shippingCity}, ${order.shippingState} ${order.shippingZip} · ${order.shippingPhone}`,
  ];
  if (order.customText) lines.push(`    Engraving: "${order.customText}"`);
  if (order.trackingNumber)
    lines.push(
      `    Tracking: ${order.trackingNumber}${order.printifyTrackingUrl ? ` ${order.printifyTrackingUrl}` : ''}`,
    );
  return lines;
}

/** Finds one order by its id or the start of it; refuses anything ambiguous or malformed. */
async function findOrder(db: Db, idOrPrefix: string | undefined) {
  if (!idOrPrefix) throw new CommandError('Give the order id.');
  const prefix = idOrPrefix.trim().toLowerCase();
  if (!/^[0-9a-f-]{4,36}$/.test(prefix))
    throw new CommandError(`"${idOrPrefix}" is not an order id (at least its first 4 characters).`);
  const found = await findOrdersByIdPrefix(db, prefix);
  if (found.length === 0) throw new CommandError(`No order ${idOrPrefix}.`);
  if (found.length > 1) throw new CommandError(`More than one order starts with ${idOrPrefix}: give more of the id.`);
  return found[0];
}

async function setStatus(db: Db, io: CommandOutput, idOrPrefix: string | undefined, status: OrderStatus) {
  const order = await findOrder(db, idOrPrefix);
  const short = order.id.slice(0, 8);
  if (statusRank(status) === statusRank(order.status)) {
    io.out(`Order ${short} is already ${order.status}.`);
    return;
  }
  if (statusRank(status) < statusRank(order.status) || !(await advanceOrderStatus(db, order.id, status)))
    throw new CommandError(`Order ${short} is ${order.status}; ${FORWARD}.`);
  io.out(`Order ${short}: ${order.status} → ${status}.`);
}

async function ship(db: Db, io: CommandOutput, idOrPrefix: string | undefined, tracking?: string, url?: string) {
  const trackingNumber = tracking?.trim();
  if (!trackingNumber) throw new CommandError('Give the tracking number: ship <order id> <tracking> [url]');
  if (trackingNumber.length > 100) throw new CommandError('The tracking number is longer than 100 characters.');
  if (url !== undefined && !/^https?:\/\/\S+$/i.test(url))
    throw new CommandError('The tracking link must start with http:// or https://');
  const order = await findOrder(db, idOrPrefix);
  const short = order.id.slice(0, 8);
  if (order.status === 'delivered') throw new CommandError(`Order ${short} is already delivered; ${FORWARD}.`);
  const tracked = { trackingNumber, ...(url && { printifyTrackingUrl: url }) };
  if (order.status === 'shipped') {
    await updateFulfilmentDetails(db, order.id, tracked);
    io.out(`Order ${short}: tracking updated to ${trackingNumber}.`);
    return;
  }
  if (!(await advanceOrderStatus(db, order.id, 'shipped', tracked)))
    throw new CommandError(`Order ${short} changed meanwhile; run the command again.`);
  io.out(`Order ${short}: ${order.status} → shipped, tracking ${trackingNumber}.`);
}

/**
 * The operator's fulfilment command when no print provider is configured. Answers the process
 * exit code: 0 done, 1 refused (with a reason on stderr), 2 not understood.
 */
export async function runOrdersCommand(db: Db, args: string[], io: CommandOutput): Promise<number> {
  const [command, ...rest] = args;
  try {
    switch (command) {
      case 'list': {
        const all = rest.includes('--all');
        const orders = await listOrdersForFulfilment(db, all ? undefined : OPEN_STATUSES);
        if (orders.length === 0) io.out(all ? 'No orders yet.' : 'No orders waiting to be fulfilled.');
        for (const order of orders) for (const line of describeOrder(order)) io.out(line);
        return 0;
      }
      case 'status': {
        const [id, status] = rest;
        if (!status || !isOrderStatus(status))
          throw new CommandError(`Give a status: one of ${ORDER_STATUSES.join(', ')}.`);
        await setStatus(db, io, id, status);
        return 0;
      }
      case 'ship':
        await ship(db, io, rest[0], rest[1], rest[2]);
        return 0;
      case 'deliver':
        await setStatus(db, io, rest[0], 'delivered');
        return 0;
      case undefined:
      case 'help':
      case '--help':
        io.out(ORDERS_USAGE);
        return command === undefined ? 2 : 0;
      default:
        io.err(`Unknown command "${command}".\n\n${ORDERS_USAGE}`);
        return 2;
    }
  } catch (err) {
    if (!(err instanceof CommandError)) throw err;
    io.err(err.message);
    return 1;
  }
}
