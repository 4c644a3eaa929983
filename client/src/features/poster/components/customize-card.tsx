import { useId } from 'react';
import { FieldRow } from '@/components/field-row';
import { SectionCard } from '@/components/section-card';
import { Input } from '@/components/ui/input';
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
      <FieldRow htmlFor={`${id}-title`} label="Poster Title">
        <Input id={`${id}-title`} value={value.title} onChange={set('title')} />
      </FieldRow>
      <FieldRow htmlFor={`${id}-reward`} label="Reward">
        <Input id={`${id}-reward`} value={value.reward} onChange={set('reward')} placeholder="e.g., $500 Reward" />
      </FieldRow>
      <FieldRow
        htmlFor={`${id}-info`}
        label="Additional Information"
        hint="The photo makes room for longer text; the preview says if some of it still does not fit."
      >
        <Textarea
          id={`${id}-info`}
          value={value.additionalInfo}
          onChange={set('additionalInfo')}
          placeholder="e.g., Very friendly but may be scared. Do not chase."
          rows={4}
          aria-describedby={`${id}-info-hint`}
        />
      </FieldRow>
    </SectionCard>
  );
}
