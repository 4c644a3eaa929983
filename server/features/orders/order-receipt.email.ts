import { tagColorName } from '../../../shared/contracts/tag-colors';
import { emailTime } from '../../lib/email-time';
import { oneLine } from '../../lib/one-line';
import type { NewNotification } from '../notifications/notifications.service';
import type { OrderWithNames } from './orders.repository';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A stored day ('2026-11-30') as people read it: 'Monday, November 30, 2026'. */
const longDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The receipt an owner gets once their order is placed. The subject is ours alone (the short order
 * id people see on the site): a pet's name, an engraving or an address is text someone typed, so it
 * stays in the body, one labelled line each.
 */
export function orderReceiptEmail(
  order: OrderWithNames,
  buyer: { email: string; timeZone: string | null },
  publicUrl: string,
): NewNotification {
  const short = order.id.slice(0, 8);
  const item = [
    `${order.quantity} × ${order.productName} (${order.productShape}, ${order.productMaterial})`,
    order.tagColor && tagColorName(order.tagColor),
  ]
    .filter(Boolean)
    .join(', ');
  const lines = [
    'Thank you for your order! Your QR tag will arrive in 3-5 business days.',
    '',
    `Order #${short}, placed ${emailTime(order.createdAt, buyer.timeZone)}`,
    `Item: ${item}`,
  ];
  if (order.petName) lines.push(`For: ${oneLine(order.petName)}`);
  if (order.customText) lines.push(`Engraving: ${oneLine(order.customText)}`);
  lines.push(
    `Total: ${money(order.totalPrice)} (shipping free)`,
    ...(order.cardLastFour ? [`Paid with the card ending in ${order.cardLastFour}`] : []),
    '',
    'Shipping to:',
    oneLine(order.shippingName),
    oneLine(order.shippingAddress),
    `${oneLine(order.shippingCity)}, ${oneLine(order.shippingState)} ${oneLine(order.shippingZip)}`,
    `Phone: ${oneLine(order.shippingPhone)}`,
    '',
    ...(order.estimatedDelivery ? [`Estimated delivery: ${longDay(order.estimatedDelivery)}`] : []),
    `Follow your order: ${publicUrl}/order/${order.id}`,
    '',
    'You receive this e-mail because you ordered a tag on Homeward.',
  );
  return {
    userId: order.userId,
    recipient: buyer.email,
    subject: `Your Homeward order #${short} is confirmed`,
    body: lines.join('\n'),
  };
}
