import { useId } from 'react';
import { SectionCard } from '@/components/section-card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { PosterCustomization } from './poster-customization';

interface CustomizeCardProps {
  value: PosterCustomization;
  onChange: (value: PosterCustomization) => void;
}

export function CustomizeCard({ value, onChange }: CustomizeCardProps) {
  const id = useId();
  const set = (field: keyof PosterCustomization) => (e: { target: { value: string } }) =>
    onChange({ ...value, [field]: e.target.value });

  return (
    <SectionCard title="Customize Poster" contentClassName="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-title`}>Poster Title</Label>
        <Input id={`${id}-title`} value={value.title} onChange={set('title')} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-reward`}>Reward</Label>
        <Input id={`${id}-reward`} value={value.reward} onChange={set('reward')} placeholder="e.g., $500 Reward" />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-info`}>Additional Information</Label>
        <Textarea
          id={`${id}-info`}
          value={value.additionalInfo}
          onChange={set('additionalInfo')}
          placeholder="e.g., Very friendly but may be scared. Do not chase."
          rows={4}
          aria-describedby={`${id}-info-hint`}
        />
        <p id={`${id}-info-hint`} className="text-sm text-muted-foreground">
          The photo makes room for longer text; the preview says if some of it still does not fit.
        </p>
      </div>
    </SectionCard>
  );
}
