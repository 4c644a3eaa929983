import { CheckCircle2, Clock, type LucideIcon, Package, Truck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';

interface StatusLook {
  label: string;
  icon: LucideIcon;
  badge: 'secondary' | 'default' | 'success';
}

// 'confirmed' is what the spec's own client once wrote for its fallback orders: it reads as pending.
const LOOKS: Record<string, StatusLook> = {
  pending: { label: 'Pending', icon: Clock, badge: 'secondary' },
  confirmed: { label: 'Confirmed', icon: Clock, badge: 'secondary' },
  processing: { label: 'Processing', icon: Package, badge: 'default' },
  shipped: { label: 'Shipped', icon: Truck, badge: 'default' },
  delivered: { label: 'Delivered', icon: CheckCircle2, badge: 'success' },
};

const lookOf = (status: string): StatusLook =>
  LOOKS[status] ?? { label: status.charAt(0).toUpperCase() + status.slice(1), icon: Package, badge: 'secondary' };

export function OrderStatusIcon({ status, className }: { status: string; className?: string }) {
  const Icon = lookOf(status).icon;
  return (
    <span
      className={cn(
        'flex size-12 shrink-0 items-center justify-center rounded-full',
        status === 'delivered' ? 'bg-success text-success-foreground' : 'bg-accent text-accent-foreground',
        className,
      )}
    >
      <Icon className="size-6" aria-hidden="true" />
    </span>
  );
}

export function OrderStatusBadge({ status }: { status: string }) {
  const look = lookOf(status);
  return <Badge variant={look.badge}>{look.label}</Badge>;
}

// Spec section 4: Processing is lit for pending, processing or shipped; Shipped for shipped;
// Delivered for delivered (the row is hidden by then).
const STEPS = [
  { label: 'Processing', lit: ['pending', 'confirmed', 'processing', 'shipped'] },
  { label: 'Shipped', lit: ['shipped'] },
  { label: 'Delivered', lit: ['delivered'] },
];

/** Where a parcel is, in three steps; nothing once it has arrived. */
export function OrderProgress({ status }: { status: string }) {
  if (status === 'delivered') return null;
  return (
    <ol aria-label="Order progress" className="flex items-center gap-1.5 sm:gap-2 text-xs font-medium">
      {STEPS.map((step, index) => {
        const lit = step.lit.includes(status);
        return (
          // The last step takes only its own width, so the two connectors share the rest and
          // keep a visible length on a narrow phone.
          <li key={step.label} data-lit={lit} className="flex flex-1 items-center gap-1.5 sm:gap-2 last:flex-none">
            <span
              aria-hidden="true"
              className={cn('size-3 shrink-0 rounded-full', lit ? 'bg-primary' : 'border-2 border-input bg-background')}
            />
            <span className={lit ? 'text-foreground' : 'text-muted-foreground'}>
              {step.label}
              <span className="sr-only">{lit ? ' (reached)' : ' (not yet)'}</span>
            </span>
            {index < STEPS.length - 1 && (
              <span
                aria-hidden="true"
                className={cn(
                  'h-0.5 min-w-4 flex-1 rounded',
                  STEPS[index + 1].lit.includes(status) ? 'bg-primary' : 'bg-border',
                )}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Tracking number, as a link when the carrier's tracking page is known. */
export function Tracking({ number, url }: { number: string; url: string | null }) {
  if (!url) return <span className="font-mono">{number}</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="font-mono text-accent-foreground underline underline-offset-4"
    >
      {number}
      <span className="sr-only"> (opens the carrier’s tracking page)</span>
    </a>
  );
}

/**
 * The delivery line of an order: the day it was delivered once it has been, the estimate before.
 * A delivered order without a recorded day (delivered before the day was recorded) shows neither:
 * an estimate would read as a promise still open.
 */
export function deliveryLine(order: {
  status: string;
  deliveredAt: string | null;
  estimatedDelivery: string | null;
}): { term: string; date: string } | undefined {
  if (order.status === 'delivered')
    return order.deliveredAt ? { term: 'Delivered on', date: formatDate(order.deliveredAt) } : undefined;
  return order.estimatedDelivery
    ? { term: 'Estimated delivery', date: formatDate(order.estimatedDelivery) }
    : undefined;
}

/** '{product} for {pet}', or just the product once the pet has been deleted. */
export const orderTitle = (order: { productName: string; petName: string | null }) =>
  order.petName ? `${order.productName} for ${order.petName}` : order.productName;

export const shortId = (id: string) => id.slice(0, 8);
