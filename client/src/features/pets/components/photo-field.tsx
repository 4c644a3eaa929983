import { Camera, Trash2 } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import type { PetFormValues } from './form-fields';
import { resizePhoto } from './resize-photo';

/** Picks any image, shrinks it in the browser, previews it, and keeps the result in `photoUrl`. */
export function PhotoField({ busy, onBusyChange }: { busy: boolean; onBusyChange: (busy: boolean) => void }) {
  const { control, setValue } = useFormContext<PetFormValues>();
  const photoUrl = useWatch({ control, name: 'photoUrl' });
  const name = useWatch({ control, name: 'name' });

  async function choose(input: HTMLInputElement) {
    const file = input.files?.[0];
    // Cleared so that choosing the same file again, after removing it, still counts as a change.
    input.value = '';
    if (!file) return;
    onBusyChange(true);
    try {
      setValue('photoUrl', await resizePhoto(file), { shouldDirty: true });
    } catch {
      toast({
        title: 'Error',
        description: 'This file could not be read as an image. Please choose another photo.',
        variant: 'destructive',
      });
    } finally {
      onBusyChange(false);
    }
  }

  return (
    <div className="flex flex-col items-center gap-4 sm:col-span-2 sm:flex-row sm:items-center">
      {photoUrl ? (
        <img
          src={photoUrl}
          alt={name ? `Photo of ${name}` : 'Pet photo'}
          className="size-32 shrink-0 rounded-full border object-cover"
        />
      ) : (
        <div className="flex size-32 shrink-0 items-center justify-center rounded-full border-2 border-dashed bg-muted text-muted-foreground">
          <Camera className="size-10" aria-hidden="true" />
        </div>
      )}
      <div className="flex w-full flex-col gap-2">
        <Label htmlFor="photo">Photo</Label>
        <Input
          id="photo"
          type="file"
          accept="image/*"
          aria-describedby="photo-hint"
          disabled={busy}
          onChange={(event) => choose(event.currentTarget)}
        />
        <p id="photo-hint" className="text-sm text-muted-foreground" aria-live="polite">
          {busy ? 'Processing photo...' : 'Any image file. It is resized to 800 pixels before upload.'}
        </p>
        {photoUrl && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => setValue('photoUrl', '', { shouldDirty: true })}
          >
            <Trash2 aria-hidden="true" />
            Remove Photo
          </Button>
        )}
      </div>
    </div>
  );
}
