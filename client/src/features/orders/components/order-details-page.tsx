import { tagColorName } from '@shared/contracts/tag-colors';
import { useQuery } from '@tanstack/react-query';
import { CreditCard, LifeBuoy, MapPin, Package, PackageSearch, Truck } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link, useParams } from 'wouter';
import { type OrderView, orderQuery } from '@/api/orders';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/load-error';
import { ProductThumbnail } from '@/components/product-thumbnail';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { isNotFound } from '@/lib/api-client';
import { formatDate, formatPrice } from '@/lib/format';
import { deliveryLine, OrderProgress, OrderStatusBadge, orderTitle, shortId, Tracking } from './order-status';
import { PlansSection } from './plans-section';

// Spec section 9: the card digits shown when the payment provider gave none.
const DEFAULT_LAST_FOUR = '4242';

function DetailCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id={headingId} className="flex items-center gap-2">
              {icon}
              {title}
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

/** Printify's 'in-production' reads 'in production'. */
const fulfilmentStatus = (status: string) => status.replaceAll('-', ' ');

const iconClass = 'size-5 text-accent-foreground';

function OrderDetails({ order }: { order: OrderView }) {
  const delivery = deliveryLine(order);
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <BackLink href="/orders">Back to Orders</BackLink>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold">Order #{shortId(order.id)}</h1>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="text-muted-foreground">
          {orderTitle(order)} · Placed {formatDate(order.createdAt)}
        </p>
      </header>

      {/* Two columns that stack their own cards: the long cards (items, status) on one side and the
          short ones (address, payment) on the other, so no card is stretched to a neighbour's height. */}
      <div className="grid items-start gap-6 md:grid-cols-2">
        <div className="flex flex-col gap-6">
          <DetailCard title="Order Items" icon={<Package className={iconClass} aria-hidden="true" />}>
            <div className="mb-3 flex items-center gap-4">
              <ProductThumbnail src={order.productImageUrl} />
              <p className="font-semibold">{order.productName}</p>
            </div>
            <dl className="text-sm">
              <Row term="Shape">{order.productShape}</Row>
              <Row term="Material">{order.productMaterial}</Row>
              {order.tagColor && <Row term="Tag color">{tagColorName(order.tagColor)}</Row>}
              <Row term="Engraving">{order.customText ? `“${order.customText}”` : 'None'}</Row>
              <Row term="Pet">{order.petName ?? 'No longer in your pets'}</Row>
              <Row term="Quantity">{order.quantity}</Row>
              <Row term="Total">{formatPrice(order.totalPrice)}</Row>
            </dl>
          </DetailCard>

          <DetailCard title="Order Status" icon={<Truck className={iconClass} aria-hidden="true" />}>
            <dl className="text-sm">
              <Row term="Order date">{formatDate(order.createdAt)}</Row>
              {delivery && <Row term={delivery.term}>{delivery.date}</Row>}
              {order.trackingNumber && (
                <Row term="Tracking number">
                  <Tracking number={order.trackingNumber} url={order.printifyTrackingUrl} />
                </Row>
              )}
              {order.printifyStatus && <Row term="Fulfillment status">{fulfilmentStatus(order.printifyStatus)}</Row>}
              <div className="my-2 border-t" />
              <Row term="Subtotal">{formatPrice(order.totalPrice)}</Row>
              <Row term="Shipping">FREE</Row>
              <Row term="Total">{formatPrice(order.totalPrice)}</Row>
            </dl>
            <div className="mt-4">
              <OrderProgress status={order.status} />
            </div>
          </DetailCard>
        </div>
        <div className="flex flex-col gap-6">
          <DetailCard title="Shipping Address" icon={<MapPin className={iconClass} aria-hidden="true" />}>
            <address className="flex flex-col gap-0.5 text-sm not-italic">
              <span className="font-semibold">{order.shippingName}</span>
              <span>{order.shippingAddress}</span>
              <span>
                {order.shippingCity}, {order.shippingState} {order.shippingZip}
              </span>
              <span className="text-muted-foreground">{order.shippingPhone}</span>
            </address>
          </DetailCard>

          <DetailCard title="Payment Method" icon={<CreditCard className={iconClass} aria-hidden="true" />}>
            <p className="text-sm font-medium">Card ending in ****{order.cardLastFour ?? DEFAULT_LAST_FOUR}</p>
            <p className="text-sm text-muted-foreground">Charged on {formatDate(order.createdAt)}</p>
          </DetailCard>
        </div>
      </div>

      <Card className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center">
        <LifeBuoy className="size-8 shrink-0 text-accent-foreground" aria-hidden="true" />
        <div className="flex-1">
          <h2 className="text-lg font-semibold">Need Help?</h2>
          <p className="text-sm text-muted-foreground">
            Questions about your tag or its delivery? Our team answers within one business day.
          </p>
        </div>
        <Button type="button" variant="outline">
          Contact Support
        </Button>
      </Card>

      <PlansSection />
    </div>
  );
}

function OrderNotFound() {
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-12 text-center">
      <PackageSearch className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Order Not Found</h1>
      <p className="text-muted-foreground">This order does not exist, or it belongs to another account.</p>
      <Button asChild>
        <Link href="/orders">Back to Orders</Link>
      </Button>
    </Card>
  );
}

export default function OrderDetailsPage() {
  const { id } = useParams<{ id: string }>();
  const { data: order, isPending, error, refetch } = useQuery(orderQuery(id));
  if (isPending)
    return (
      <div className="flex flex-col gap-6" role="status" aria-label="Loading order">
        <Skeleton className="h-9 w-64" />
        <div className="grid gap-6 md:grid-cols-2">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} className="h-56" />
          ))}
        </div>
      </div>
    );
  if (isNotFound(error)) return <OrderNotFound />;
  if (error)
    return <LoadError heading="h1" title="This order could not be loaded." error={error} onRetry={() => refetch()} />;
  return <OrderDetails order={order} />;
}
