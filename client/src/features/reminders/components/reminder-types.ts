import { Bell, type LucideIcon, Pill, Scissors, Stethoscope, Syringe } from 'lucide-react';

interface TypeStyle {
  label: string;
  icon: LucideIcon;
  /** Classes of the round icon badge; decorative, so translucent tints that work in both themes. */
  tint: string;
}

export const REMINDER_TYPE_STYLES: Record<string, TypeStyle> = {
  vaccine: { label: 'Vaccine', icon: Syringe, tint: 'bg-sky-500/15 text-sky-600' },
  medication: { label: 'Medication', icon: Pill, tint: 'bg-violet-500/15 text-violet-500' },
  grooming: { label: 'Grooming', icon: Scissors, tint: 'bg-pink-500/15 text-pink-500' },
  'vet-visit': { label: 'Vet Visit', icon: Stethoscope, tint: 'bg-emerald-500/15 text-emerald-600' },
};

// A type the page does not know (an older or newer one) still shows, plainly.
const UNKNOWN_TYPE: TypeStyle = { label: 'Reminder', icon: Bell, tint: 'bg-muted text-muted-foreground' };

export const typeStyle = (type: string) => REMINDER_TYPE_STYLES[type] ?? UNKNOWN_TYPE;

/** The badge text: the stored type with its hyphen shown as a space ('vet-visit' → 'vet visit'). */
export const typeBadgeText = (type: string) => type.replaceAll('-', ' ');
