import type { ReactNode } from 'react';
import type { TagProductView } from '@/api/store';
import { ProductThumbnail } from '@/components/product-thumbnail';
import { SectionCard } from '@/components/section-card';
import { formatPrice } from '@/lib/format';

export function OrderSummary({
  product,
  quantity,
  children,
}: {
  product: TagProductView;
  quantity: number;
  children: ReactNode;
}) {
  const subtotal = product.price * quantity;
  return (
    <SectionCard title="Order Summary" contentClassName="flex flex-col gap-4">
      <div className="flex items-center gap-4">
        <ProductThumbnail src={product.imageUrl} />
        <div className="min-w-0">
          <p className="font-semibold">{product.name}</p>
          <p className="text-sm text-muted-foreground">
            {product.shape} · {product.material}
          </p>
        </div>
      </div>
      <dl className="flex flex-col gap-2 border-t pt-4 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Quantity</dt>
          <dd>{quantity}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd>{formatPrice(subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Shipping</dt>
          <dd>
            <span className="rounded bg-success px-1.5 py-0.5 text-xs font-semibold text-success-foreground">FREE</span>
          </dd>
        </div>
        <div className="flex justify-between border-t pt-3 text-base font-bold">
          <dt>Total</dt>
          <dd>{formatPrice(subtotal)}</dd>
        </div>
      </dl>
      {children}
    </SectionCard>
  );
}
