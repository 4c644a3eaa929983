import type { PublicPageChoices } from '@shared/contracts/pets';
import { Controller, useFormContext } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { PetFormValues } from './form-fields';

// Worded apart from the form's own field labels, so that a label names one control only.
const SWITCHES: { name: `publicPage.${keyof PublicPageChoices}` | 'listOnLostMap'; label: string }[] = [
  { name: 'publicPage.ownerName', label: "Owner's name" },
  { name: 'publicPage.ownerPhone', label: 'Phone' },
  { name: 'publicPage.ownerEmail', label: 'E-mail' },
  { name: 'publicPage.ownerAddress', label: 'Home address' },
  { name: 'publicPage.medicalNotes', label: 'Medical information' },
  { name: 'publicPage.specialNeeds', label: 'Special care needs' },
  { name: 'publicPage.vet', label: 'Veterinarian' },
  { name: 'publicPage.backupContacts', label: 'Backup contacts' },
  // Not a detail of the scan page but where else a stranger meets the pet: the public board, /lost.
  { name: 'listOnLostMap', label: 'List on the lost-pets map' },
];

/** The owner's choice, detail by detail, of what a stranger who scans the tag sees. */
export function PublicPageField() {
  const { control } = useFormContext<PetFormValues>();
  return (
    <div className="flex flex-col gap-3 sm:col-span-2">
      <p className="text-sm text-muted-foreground">
        Choose what anyone who scans the tag sees. Hidden details never leave Homeward; with the phone hidden, finders
        of a missing pet can still message you.
      </p>
      <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {SWITCHES.map(({ name, label }) => (
          <li key={name} className="flex items-center justify-between gap-3">
            <Label htmlFor={name}>{label}</Label>
            <Controller
              control={control}
              name={name}
              render={({ field }) => (
                <Switch
                  id={name}
                  ref={field.ref}
                  checked={field.value ?? false}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
