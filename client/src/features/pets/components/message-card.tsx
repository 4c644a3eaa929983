import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';

/** A card in place of a page's content (loading, not found, failed): its few lines centred. */
export function MessageCard({
  role,
  className,
  children,
}: {
  role?: 'status' | 'alert';
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card role={role} className={className}>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">{children}</CardContent>
    </Card>
  );
}
