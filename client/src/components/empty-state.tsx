import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description: string;
  /** The heading level that fits the page's outline. */
  heading?: 'h2' | 'h3';
  /** What to do next, usually one button. */
  action?: ReactNode;
}

/** A list with nothing in it yet: what is missing, why it matters, and how to start. */
export function EmptyState({ icon: Icon, title, description, heading: Heading = 'h2', action }: EmptyStateProps) {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <div>
        <Heading className="text-lg font-semibold">{title}</Heading>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {action}
    </Card>
  );
}
