import type { CheckoutFormInput } from '@shared/contracts/checkout';
import { formatShortCode } from '@shared/contracts/found';
import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { Link } from 'wouter';
import { petsQuery } from '@/api/pets';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * Which of the owner's pets the tag is for: its QR code will open that pet's profile. Choosing a
 * pet proposes its short code as the engraving (a finder without a camera enters it at /found),
 * unless the owner has typed an engraving of their own.
 */
export function PetSelectField() {
  const { control, getValues, setValue } = useFormContext<CheckoutFormInput>();
  const { data: pets, isPending, error } = useQuery(petsQuery());
  const codeOf = (id: string) => {
    const pet = pets?.find((p) => p.id === id);
    return pet ? formatShortCode(pet.shortCode) : undefined;
  };
  const proposeEngraving = (previousPetId: string, petId: string) => {
    const engraving = getValues('customText') ?? '';
    const proposal = codeOf(petId);
    if (proposal && (engraving === '' || engraving === codeOf(previousPetId)))
      setValue('customText', proposal, { shouldDirty: true });
  };

  return (
    <FormField
      control={control}
      name="petId"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Pet</FormLabel>
          {isPending ? (
            <Skeleton className="h-10 w-full" />
          ) : (
            <Select
              value={field.value || undefined}
              onValueChange={(petId) => {
                proposeEngraving(field.value, petId);
                field.onChange(petId);
              }}
              disabled={!pets?.length}
            >
              <FormControl>
                <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue placeholder="Select a pet" />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {pets?.map((pet) => (
                  <SelectItem key={pet.id} value={pet.id}>
                    {pet.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
          {pets?.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              You have no pets yet.{' '}
              <Link href="/add-pet" className="font-medium text-accent-foreground underline underline-offset-4">
                Add a pet
              </Link>{' '}
              first, then come back for its tag.
            </p>
          ) : error ? (
            <p className="text-sm text-muted-foreground">
              Your pets could not be loaded. Reload the page to try again.
            </p>
          ) : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
