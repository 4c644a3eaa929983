import { Star } from 'lucide-react';
import { Link } from 'wouter';
import type { TagProductView } from '@/api/store';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPrice } from '@/lib/format';

export function ProductCard({ product }: { product: TagProductView }) {
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="relative flex aspect-[4/3] items-center justify-center bg-muted">
        <img
          src={product.imageUrl}
          alt={product.name}
          className="size-full object-contain p-6"
          loading="lazy"
          width={400}
          height={300}
        />
        {product.isPopular && (
          <Badge className="absolute top-3 right-3">
            <Star aria-hidden="true" />
            Popular
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-lg font-semibold leading-tight">{product.name}</h3>
          <p className="text-lg font-bold">{formatPrice(product.price)}</p>
        </div>
        <p className="text-sm text-muted-foreground">{product.description}</p>
        <dl className="mt-auto grid grid-cols-2 gap-2 text-sm">
          <div className="rounded-md bg-muted px-3 py-2">
            <dt className="text-xs text-muted-foreground">Shape</dt>
            <dd className="font-medium">{product.shape}</dd>
          </div>
          <div className="rounded-md bg-muted px-3 py-2">
            <dt className="text-xs text-muted-foreground">Material</dt>
            <dd className="font-medium">{product.material}</dd>
          </div>
        </dl>
        <Button asChild className="w-full">
          <Link href={`/checkout/${product.id}`} aria-label={`Order Now: ${product.name}`}>
            Order Now
          </Link>
        </Button>
      </div>
    </Card>
  );
}

export function ProductCardSkeleton() {
  return (
    <Card className="flex flex-col overflow-hidden" aria-hidden="true">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="flex flex-col gap-3 p-5">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    </Card>
  );
}
