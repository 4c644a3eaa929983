import { zodResolver } from '@hookform/resolvers/zod';
import type { AuthUser } from '@shared/contracts/auth';
import { wholePetSchema } from '@shared/contracts/pet-schema';
import { PUBLIC_PAGE_DEFAULTS } from '@shared/contracts/pets';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { OwnerPet } from '@/api/pets';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { useFragmentTarget } from '@/hooks/use-fragment-target';
import { useSubmitOnce } from '@/hooks/use-submit-once';
import { toast } from '@/hooks/use-toast';
import { useAuth } from '@/lib/auth';
import { showErrorToast } from '@/lib/error-toast';
import { useCreatePet } from '../api/create-pet';
import { useUpdatePet } from '../api/update-pet';
import { BackupContactsField } from './backup-contacts-field';
import { FormSection, type PetFormValues, SexField, SpeciesField, TextAreaField, TextField } from './form-fields';
import { PhotoField } from './photo-field';
import { PublicPageField } from './public-page-field';

/**
 * Every field starts as text (empty when unset); last-seen details ride along without inputs. A new
 * pet starts with the owner's name and e-mail as the account knows them.
 */
function defaultsFrom(pet: OwnerPet | undefined, user: AuthUser | null): PetFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  const account = pet
    ? undefined
    : { name: [user?.firstName, user?.lastName].filter(Boolean).join(' '), email: user?.email };
  return {
    name: text(pet?.name),
    species: text(pet?.species),
    breed: text(pet?.breed),
    age: text(pet?.age),
    weight: text(pet?.weight),
    color: text(pet?.color),
    sex: pet?.sex ?? null,
    microchipId: text(pet?.microchipId),
    photoUrl: text(pet?.photoUrl),
    ownerName: text(pet ? pet.ownerName : account?.name),
    ownerPhone: text(pet?.ownerPhone),
    ownerEmail: text(pet ? pet.ownerEmail : account?.email),
    ownerAddress: text(pet?.ownerAddress),
    vetName: text(pet?.vetName),
    vetPhone: text(pet?.vetPhone),
    vetAddress: text(pet?.vetAddress),
    medicalNotes: text(pet?.medicalNotes),
    specialNeeds: text(pet?.specialNeeds),
    isMissing: pet?.isMissing ?? false,
    lastSeenLocation: text(pet?.lastSeenLocation),
    lastSeenDate: text(pet?.lastSeenDate),
    lastSeenLat: pet?.lastSeenLat ?? null,
    lastSeenLng: pet?.lastSeenLng ?? null,
    listOnLostMap: pet?.listOnLostMap ?? true,
    backupContacts: pet?.backupContacts ?? [],
    publicPage: { ...PUBLIC_PAGE_DEFAULTS, ...pet?.publicPage },
  };
}

/** Adds a pet, or edits `pet` when given. */
export function PetForm({ pet }: { pet?: OwnerPet }) {
  const [, navigate] = useLocation();
  const { user } = useAuth();
  // An edit holds the newer rules only for what it changes, as the server does: a pet saved before
  // them stays editable, and its last-seen details, which have no input here, never block a save.
  const schema = useMemo(() => wholePetSchema(pet), [pet]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: defaultsFrom(pet, user) });
  const createPet = useCreatePet();
  const updatePet = useUpdatePet();
  const [photoBusy, setPhotoBusy] = useState(false);
  const saving = createPet.isPending || updatePet.isPending;
  const { key, once } = useSubmitOnce();
  // The scan page's 'Change what finders see' leads to the Public Page switches.
  useFragmentTarget(true);

  const save = once(
    form.handleSubmit(
      async (values) => {
        try {
          if (pet) await updatePet.mutateAsync({ id: pet.id, changes: values });
          else await createPet.mutateAsync({ input: values, key });
          navigate('/');
        } catch (error) {
          showErrorToast({ error, fallback: 'Failed to save pet. Please try again.' });
        }
      },
      // The spec's toast is for a required field left empty; any other mistake (a phone number
      // without digits, say) must not be called missing. Each field says what is wrong under it.
      (errors) =>
        toast(
          Object.values(errors).some((error) => error?.message === 'Required')
            ? { title: 'Missing Required Fields', description: 'Please fill in all required fields (marked with *).' }
            : {
                title: 'Please Check the Highlighted Fields',
                description: 'Some details need correcting before saving.',
              },
        ),
    ),
  );

  return (
    <Form {...form}>
      <form onSubmit={save} className="flex flex-col gap-6">
        <FormSection title="Pet Photo">
          <PhotoField busy={photoBusy} onBusyChange={setPhotoBusy} />
        </FormSection>

        <FormSection title="Basic Information">
          <TextField name="name" label="Pet Name" required placeholder="e.g., Max" />
          <SpeciesField />
          <TextField name="breed" label="Breed" placeholder="e.g., Golden Retriever" />
          <TextField name="color" label="Color" placeholder="e.g., Golden" />
          <TextField name="age" label="Age" placeholder="e.g., 3 years" />
          <TextField name="weight" label="Weight" placeholder="e.g., 50 lbs" />
          {/* After the spec's fields, which keep their places. */}
          <SexField />
          <TextField name="microchipId" label="Microchip ID" wide />
        </FormSection>

        <FormSection title="Owner Contact Information">
          <TextField name="ownerName" label="Owner Name" required autoComplete="name" />
          <TextField name="ownerPhone" label="Phone Number" required type="tel" autoComplete="tel" />
          <TextField name="ownerEmail" label="Email" type="email" autoComplete="email" />
          <TextField name="ownerAddress" label="Address" autoComplete="street-address" />
        </FormSection>

        <FormSection title="Backup Contacts">
          <BackupContactsField />
        </FormSection>

        <FormSection title="Veterinarian Information">
          <TextField name="vetName" label="Clinic Name" />
          <TextField name="vetPhone" label="Vet Phone" type="tel" />
          <TextField name="vetAddress" label="Vet Address" wide />
        </FormSection>

        <FormSection title="Medical & Special Needs">
          <TextAreaField name="medicalNotes" label="Medical Notes" placeholder="Allergies, medications, conditions" />
          <TextAreaField
            name="specialNeeds"
            label="Special Needs"
            placeholder="Behaviour, diet, anything a finder should know"
          />
        </FormSection>

        <FormSection title="Public Page">
          <PublicPageField />
        </FormSection>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" asChild>
            <Link href="/">Cancel</Link>
          </Button>
          <Button type="submit" busy={saving || photoBusy}>
            {saving ? 'Saving...' : pet ? 'Update Pet' : 'Add Pet'}
          </Button>
        </div>
      </form>
    </Form>
  );
}
