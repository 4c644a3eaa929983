import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface SectionCardProps {
  /** The section's heading: an h2, under the page's h1. */
  title: string;
  /** A line under the title that says what the section is for. */
  description?: ReactNode;
  /** How the content is laid out ('grid gap-4'). */
  contentClassName?: string;
  children: ReactNode;
}

/** A section of a page as a card: its h2 title, an optional description, then its content. */
export function SectionCard({ title, description, contentClassName, children }: SectionCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
