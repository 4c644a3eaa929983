import { Badge } from '@/components/ui/badge';

export function PetStatusBadge({ isMissing }: { isMissing: boolean }) {
  return isMissing ? <Badge variant="destructive">Missing</Badge> : <Badge variant="success">Safe</Badge>;
}
