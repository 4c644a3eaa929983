import { useQuery } from '@tanstack/react-query';
import {
  CloudRain,
  type LucideIcon,
  MapPin,
  PackageCheck,
  PawPrint,
  RefreshCw,
  ShieldCheck,
  Truck,
  Wallet,
} from 'lucide-react';
import { tagProductsQuery } from '@/api/store';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import { fullPageNavigate } from '@/lib/navigation';
import { ProductCard, ProductCardSkeleton } from './product-card';

interface Point {
  icon: LucideIcon;
  title: string;
  text: string;
}

const benefits: Point[] = [
  {
    icon: ShieldCheck,
    title: 'Lifetime Protection',
    text: 'One tag for life: its QR code always opens your pet’s latest profile, with nothing to renew.',
  },
  { icon: Truck, title: 'Free Shipping', text: 'Free delivery to your door in 3-5 business days.' },
  { icon: PackageCheck, title: '30-Day Guarantee', text: 'Not happy? Send it back within 30 days for a full refund.' },
];

const reasons: Point[] = [
  {
    icon: RefreshCw,
    title: 'Instant Updates',
    text: 'Change a phone number or address in the app and every scan shows it at once. No new tag needed.',
  },
  {
    icon: CloudRain,
    title: 'Weather Resistant',
    text: 'Laser-engraved and sealed to stay readable through rain, mud, swims and years of play.',
  },
  {
    icon: Wallet,
    title: 'No Subscriptions',
    text: 'Pay once for the tag. The pet profile behind the QR code is free, for as long as you need it.',
  },
  {
    icon: MapPin,
    title: 'GPS Location Sharing',
    text: 'Whoever finds your pet can send you where they are, straight from the scan page.',
  },
];

const grid = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** The store is public: a visitor gets a small header of its own, with a way to sign in. */
function VisitorHeader() {
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <a href="/" className="flex shrink-0 items-center gap-2 whitespace-nowrap rounded-md text-lg font-bold">
          <PawPrint className="size-6 text-accent-foreground" aria-hidden="true" />
          Homeward
        </a>
        <Button onClick={() => fullPageNavigate('/api/login')}>Log In</Button>
      </div>
    </header>
  );
}

function Products() {
  const { data: products, isPending, error, refetch } = useQuery(tagProductsQuery());
  if (isPending)
    return (
      <div className={grid} role="status" aria-label="Loading products">
        {[0, 1, 2].map((n) => (
          <ProductCardSkeleton key={n} />
        ))}
      </div>
    );
  if (error) return <LoadError title="The tags could not be loaded." error={error} onRetry={() => refetch()} />;
  if (products.length === 0)
    return (
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <PackageCheck className="size-10 text-muted-foreground" aria-hidden="true" />
        <h3 className="text-lg font-semibold">Products Coming Soon</h3>
        <p className="text-sm text-muted-foreground">Our first QR tags are on their way. Check back shortly.</p>
      </Card>
    );
  return (
    <ul className={grid} aria-label="QR tags">
      {products.map((product) => (
        <li key={product.id} className="grid">
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}

function PointList({ points, columns }: { points: Point[]; columns: string }) {
  return (
    <ul className={`grid grid-cols-1 gap-4 ${columns}`}>
      {points.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-4 rounded-lg border bg-card p-5">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h3 className="font-semibold">{title}</h3>
            <p className="text-sm text-muted-foreground">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function StorePage() {
  const { isAuthenticated, isLoading } = useAuth();
  const page = (
    <div className="flex flex-col gap-10">
      <header className="flex flex-col gap-2 text-center">
        <h1 className="text-3xl font-bold sm:text-4xl">Smart QR Tags</h1>
        <p className="mx-auto max-w-2xl text-muted-foreground">
          A tag on the collar, a profile behind it: whoever finds your pet scans it and reaches you in seconds.
        </p>
      </header>
      <section aria-label="Why buy here">
        <PointList points={benefits} columns="md:grid-cols-3" />
      </section>
      <section aria-labelledby="tags-heading" className="flex flex-col gap-4">
        <h2 id="tags-heading" className="text-2xl font-semibold">
          Choose Your Tag
        </h2>
        <Products />
      </section>
      <section aria-labelledby="why-heading" className="flex flex-col gap-4 rounded-2xl bg-accent/50 p-6 sm:p-8">
        <h2 id="why-heading" className="text-2xl font-semibold">
          Why Choose Homeward QR Tags?
        </h2>
        <PointList points={reasons} columns="sm:grid-cols-2" />
      </section>
    </div>
  );
  if (isAuthenticated) return page;
  return (
    <div className="min-h-dvh bg-background text-foreground">
      {!isLoading && <VisitorHeader />}
      <main className="mx-auto max-w-6xl px-4 py-8">{page}</main>
    </div>
  );
}
