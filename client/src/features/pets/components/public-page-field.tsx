import type { PublicPageChoices } from '@shared/contracts/pets';
import { Controller, useFormContext } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { PetFormValues } from './form-fields';

// Worded apart from the form's own field labels, so that a label names one control only.
const SWITCHES: { key: keyof PublicPageChoices; label: string }[] = [
  { key: 'ownerName', label: "Owner's name" },
  { key: 'ownerPhone', label: 'Phone' },
  { key: 'ownerEmail', label: 'E-mail' },
  { key: 'ownerAddress', label: 'Home address' },
  { key: 'medicalNotes', label: 'Medical information' },
  { key: 'specialNeeds', label: 'Special care needs' },
  { key: 'vet', label: 'Veterinarian' },
  { key: 'backupContacts', label: 'Backup contacts' },
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
        {SWITCHES.map(({ key, label }) => (
          <li key={key} className="flex items-center justify-between gap-3">
            <Label htmlFor={`publicPage.${key}`}>{label}</Label>
            <Controller
              control={control}
              name={`publicPage.${key}`}
              render={({ field }) => (
                <Switch
                  id={`publicPage.${key}`}
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
