import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';
import { subscriptionPlansQuery } from '../api/get-subscription-plans';

/**
 * The monthly plans, offered as an upgrade: extras only, recovery stays free. How a plan is bought
 * is not part of the product yet, so the buttons do nothing (spec: 'The buttons have no action').
 */
export function PlansSection() {
  const { data: plans } = useQuery(subscriptionPlansQuery());
  if (!plans?.length) return null;
  return (
    <section aria-labelledby="upgrade-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="upgrade-heading" className="text-2xl font-semibold">
          Upgrade
        </h2>
        <p className="text-muted-foreground">
          Everything that brings your pet home is free, forever. Monthly plans add extras. Cancel any time.
        </p>
      </div>
      {/* 'Most Popular' sits on the card's top edge rather than above its content, so every plan's
          name, price and button line up across the row; the list's top padding leaves it room. */}
      <ul className="grid gap-6 pt-3 md:grid-cols-3 md:gap-4">
        {plans.map((plan) => (
          <li key={plan.id} className="grid">
            <Card className={cn('relative flex flex-col', plan.isPopular && 'border-2 border-primary')}>
              {plan.isPopular && (
                <p className="-translate-x-1/2 absolute -top-3 left-1/2 whitespace-nowrap rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
                  Most Popular
                </p>
              )}
              <div className="flex flex-1 flex-col gap-4 p-6">
                <div>
                  <h3 className="text-xl font-semibold">{plan.name}</h3>
                  <p className="mt-1">
                    <span className="text-3xl font-bold">{formatPrice(plan.price)}</span>
                    <span className="text-muted-foreground">/month</span>
                  </p>
                  <p className="mt-2 text-sm text-muted-foreground">{plan.description}</p>
                </div>
                <ul className="flex flex-1 flex-col gap-2 text-sm">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-accent-foreground" aria-hidden="true" />
                      {feature}
                    </li>
                  ))}
                </ul>
                <Button
                  type="button"
                  variant={plan.isPopular ? 'default' : 'outline'}
                  aria-label={`${plan.isPopular ? 'Get Started' : 'Learn More'}: ${plan.name}`}
                >
                  {plan.isPopular ? 'Get Started' : 'Learn More'}
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
