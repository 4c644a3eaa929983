import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * One of the scan page's cards: a region named by its h2 (`headingId`), so that a screen reader
 * lists the page's sections and jumps between them.
 */
export function ScanSection({
  headingId,
  title,
  contentClassName,
  children,
}: {
  headingId: string;
  title: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="pb-3">
        <CardTitle asChild>
          <h2 id={headingId}>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
