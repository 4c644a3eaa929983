import { AlertCircle, CheckCircle2, Loader2, PackageSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { OrderView } from '@/api/orders';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-12 text-center">
      {icon}
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </Card>
  );
}

const backToStore = (
  <Button asChild>
    <Link href="/store">Back to Store</Link>
  </Button>
);

export function PreparingCheckout() {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3" role="status">
      <Loader2 className="size-8 motion-safe:animate-spin text-accent-foreground" aria-hidden="true" />
      <p className="text-muted-foreground">Preparing checkout...</p>
    </div>
  );
}

export function ProductNotFound() {
  return (
    <Notice
      title="Product Not Found"
      icon={<PackageSearch className="size-12 text-muted-foreground" aria-hidden="true" />}
    >
      <p className="text-muted-foreground">This tag is not in our store. It may have been removed.</p>
      {backToStore}
    </Notice>
  );
}

export function CheckoutError({ message }: { message: string }) {
  return (
    <Notice title="Checkout Error" icon={<AlertCircle className="size-12 text-destructive" aria-hidden="true" />}>
      <p className="text-muted-foreground" role="alert">
        {message}
      </p>
      {backToStore}
    </Notice>
  );
}

/** A payment started on this page is still being confirmed (the buyer left and came back meanwhile). */
export function PlacingOrder() {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3" role="status">
      <Loader2 className="size-8 motion-safe:animate-spin text-accent-foreground" aria-hidden="true" />
      <p className="font-semibold">Processing...</p>
      <p className="text-muted-foreground">Your payment is being confirmed. Please wait a moment.</p>
    </div>
  );
}

export function OrderConfirmed({ order }: { order: OrderView }) {
  return (
    <Notice title="Order Confirmed!" icon={<CheckCircle2 className="size-14 text-success" aria-hidden="true" />}>
      <p className="text-muted-foreground">Thank you for your order! Your QR tag will arrive in 3-5 business days.</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link href={`/order/${order.id}`}>View Order Details</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link href="/orders">Go to My Orders</Link>
        </Button>
      </div>
    </Notice>
  );
}

/**
 * Says the order is placed on whatever page the buyer went to while it was: they left the checkout
 * (Back) while 'Processing...'. It stays until dismissed, as the page that would have said so is gone.
 */
export function toastOrderConfirmed(order: OrderView) {
  toast({
    title: 'Order Confirmed!',
    description: (
      <span className="flex flex-col items-start gap-2">
        Thank you for your order! Your QR tag will arrive in 3-5 business days.
        <Link href={`/order/${order.id}`} className="font-medium underline underline-offset-4">
          View Order Details
        </Link>
      </span>
    ),
    duration: Number.POSITIVE_INFINITY,
  });
}
