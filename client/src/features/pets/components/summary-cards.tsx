import { useQuery } from '@tanstack/react-query';
import { Bell, ShieldCheck } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { PetSummary } from '@/api/pets';
import { remindersQuery } from '@/api/reminders';
import { Card } from '@/components/ui/card';

function SummaryCard({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className="flex items-center gap-4 p-5">
      <div className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        {icon}
      </div>
      <div>
        <p id={labelId} className="text-sm font-medium text-muted-foreground">
          {label}
        </p>
        <p className="text-3xl font-bold">{value}</p>
      </div>
    </Card>
  );
}

export function SummaryCards({ pets }: { pets: PetSummary[] }) {
  // A counter, not the reminders page: if reminders cannot be read, it shows 0 and the dashboard stays usable.
  const { data: reminders = [] } = useQuery(remindersQuery());
  const safe = pets.filter((pet) => !pet.isMissing).length;
  const pending = reminders.filter((reminder) => !reminder.isCompleted).length;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SummaryCard icon={<ShieldCheck className="size-6" aria-hidden="true" />} label="Pets Safe" value={safe} />
      <SummaryCard icon={<Bell className="size-6" aria-hidden="true" />} label="Reminders" value={pending} />
    </div>
  );
}
