import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Crown, Package, ShoppingBag } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { type OrderView, orderOfPaymentQuery, ordersQuery } from '@/api/orders';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatPrice } from '@/lib/format';
import {
  deliveryLine,
  OrderProgress,
  OrderStatusBadge,
  OrderStatusIcon,
  orderTitle,
  shortId,
  Tracking,
} from './order-status';

function OrderCard({ order }: { order: OrderView }) {
  const title = orderTitle(order);
  const delivery = deliveryLine(order);
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex items-start gap-4">
        <OrderStatusIcon status={order.status} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold leading-tight">{title}</h2>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className="text-sm text-muted-foreground">
            Order #{shortId(order.id)} · Placed {formatDate(order.createdAt)}
          </p>
        </div>
        <p className="text-lg font-bold">{formatPrice(order.totalPrice)}</p>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {delivery && (
          <div>
            <dt className="text-muted-foreground">{delivery.term}</dt>
            <dd>{delivery.date}</dd>
          </div>
        )}
        {order.customText && (
          <div>
            <dt className="text-muted-foreground">Engraving</dt>
            <dd>“{order.customText}”</dd>
          </div>
        )}
        {order.trackingNumber && (
          <div>
            <dt className="text-muted-foreground">Tracking number</dt>
            <dd>
              <Tracking number={order.trackingNumber} url={order.printifyTrackingUrl} />
            </dd>
          </div>
        )}
      </dl>
      <div className="flex flex-col gap-4 border-t pt-4 sm:flex-row sm:items-center">
        <div className="flex-1">
          <OrderProgress status={order.status} />
        </div>
        <Button variant="outline" size="sm" className="self-end sm:self-auto" asChild>
          <Link href={`/order/${order.id}`} aria-label={`View Details of order ${shortId(order.id)}`}>
            View Details
          </Link>
        </Button>
      </div>
    </Card>
  );
}

function OrdersSkeleton() {
  return (
    <div className="flex flex-col gap-4" role="status" aria-label="Loading orders">
      {[0, 1, 2].map((n) => (
        <Card key={n} className="flex flex-col gap-4 p-5" aria-hidden="true">
          <div className="flex items-start gap-4">
            <Skeleton className="size-12 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-4 w-2/3" />
        </Card>
      ))}
    </div>
  );
}

function NoOrders() {
  return (
    <EmptyState
      icon={Package}
      title="No Orders Yet"
      description="A QR tag on the collar is the fastest way home for a lost pet."
      action={
        <Button asChild>
          <Link href="/store">
            <ShoppingBag aria-hidden="true" />
            Browse Store
          </Link>
        </Button>
      }
    />
  );
}

function UpgradeCard({ firstOrderId }: { firstOrderId: string }) {
  return (
    <Card className="flex flex-col items-start gap-4 bg-secondary p-6 text-secondary-foreground sm:flex-row sm:items-center">
      <Crown className="size-8 shrink-0" aria-hidden="true" />
      <div className="flex-1">
        <h2 className="text-lg font-semibold">Get even more peace of mind</h2>
        <p className="text-sm">Premium plans add instant SMS alerts the moment your pet’s tag is scanned.</p>
      </div>
      <Button asChild>
        <Link href={`/order/${firstOrderId}`}>View Premium Plans</Link>
      </Button>
    </Card>
  );
}

/**
 * The order of the payment that brought the buyer here (Stripe adds `payment_intent` to the spec's
 * return address), when their list does not have it yet: the payment's webhook may still be on its
 * way. It is asked of the server as the checkout's fallback asks, and shown at the top.
 */
function useReturnedOrder(search: URLSearchParams, orders: OrderView[] | undefined) {
  const paymentIntentId = search.get('payment_success') === 'true' ? search.get('payment_intent') : null;
  const missing = Boolean(paymentIntentId && orders && !orders.some((o) => o.paymentIntentId === paymentIntentId));
  const returned = useQuery({ ...orderOfPaymentQuery(paymentIntentId ?? ''), enabled: missing });
  return missing ? returned.data : undefined;
}

export default function OrdersPage() {
  const search = new URLSearchParams(useSearch());
  const listed = useQuery(ordersQuery());
  const { error, refetch } = listed;
  const returned = useReturnedOrder(search, listed.data);
  const orders = returned && listed.data ? [returned, ...listed.data] : listed.data;
  const paymentReturned = search.get('payment_success') === 'true';
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold">My Orders</h1>
        <p className="text-muted-foreground">Follow your QR tags from our workshop to your door.</p>
      </header>
      {paymentReturned && (
        <Card role="status" className="flex items-center gap-3 border-success p-4">
          <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden="true" />
          <p className="text-sm">
            Payment received, thank you! Your order is listed below; if it is not there yet, it will be in a moment.
          </p>
        </Card>
      )}
      {error ? (
        <LoadError title="Your orders could not be loaded." error={error} onRetry={() => refetch()} />
      ) : !orders ? (
        <OrdersSkeleton />
      ) : orders.length === 0 ? (
        <NoOrders />
      ) : (
        <>
          <ul className="flex flex-col gap-4" aria-label="Orders">
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          <UpgradeCard firstOrderId={orders[0].id} />
        </>
      )}
    </div>
  );
}
