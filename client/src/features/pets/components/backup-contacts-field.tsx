import { MAX_BACKUP_CONTACTS } from '@shared/contracts/pets';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { PetFormValues } from './form-fields';

type ContactField = 'name' | 'phone' | 'relationship';

const FIELDS: { key: ContactField; label: string; type: string; required?: boolean; maxLength: number }[] = [
  { key: 'name', label: 'Backup contact name', type: 'text', required: true, maxLength: 100 },
  { key: 'phone', label: 'Backup contact phone', type: 'tel', required: true, maxLength: 40 },
  { key: 'relationship', label: 'Relationship', type: 'text', maxLength: 60 },
];

/** Up to three people without accounts a finder may call when the owner does not answer. */
export function BackupContactsField() {
  const { control, register, getFieldState, formState } = useFormContext<PetFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'backupContacts' });

  return (
    <div className="flex flex-col gap-4 sm:col-span-2">
      <p className="text-sm text-muted-foreground">
        People a finder can call if you do not answer: shown on the scan page as 'If no answer, call …'.
      </p>
      {fields.map((field, index) => (
        <fieldset key={field.id} className="grid gap-3 rounded-md border p-4 sm:grid-cols-3">
          <legend className="px-1 font-medium text-sm">Backup Contact {index + 1}</legend>
          {FIELDS.map(({ key, label, type, required, maxLength }) => {
            const name = `backupContacts.${index}.${key}` as const;
            const error = getFieldState(name, formState).error?.message;
            return (
              <div key={key} className="flex flex-col gap-2">
                <Label htmlFor={name}>
                  {label}
                  {required && (
                    <span aria-hidden="true" className="text-destructive">
                      {' '}
                      *
                    </span>
                  )}
                </Label>
                <Input
                  id={name}
                  type={type}
                  maxLength={maxLength}
                  aria-required={required || undefined}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${name}-error` : undefined}
                  {...register(name)}
                />
                {error && (
                  <p id={`${name}-error`} className="text-sm font-medium text-destructive">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="justify-self-start text-destructive sm:col-span-3"
            onClick={() => remove(index)}
          >
            <Trash2 aria-hidden="true" />
            Remove Backup Contact {index + 1}
          </Button>
        </fieldset>
      ))}
      {fields.length < MAX_BACKUP_CONTACTS && (
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={() => append({ name: '', phone: '', relationship: '' })}
        >
          <Plus aria-hidden="true" />
          Add Backup Contact
        </Button>
      )}
    </div>
  );
}
