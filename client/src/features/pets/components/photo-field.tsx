import { Camera, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button, buttonVariants } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { showErrorToast } from '@/lib/error-toast';
import { resizePhoto } from '@/lib/resize-photo';
import type { PetFormValues } from './form-fields';

/** Picks any image, shrinks it in the browser, previews it, and keeps the result in `photoUrl`. */
export function PhotoField({ busy, onBusyChange }: { busy: boolean; onBusyChange: (busy: boolean) => void }) {
  const { control, setValue } = useFormContext<PetFormValues>();
  const photoUrl = useWatch({ control, name: 'photoUrl' });
  const name = useWatch({ control, name: 'name' });
  // The input is emptied after each pick (below), so the browser's own 'No file chosen' would be
  // wrong: the field names the chosen file itself.
  const [fileName, setFileName] = useState<string>();

  async function choose(input: HTMLInputElement) {
    const file = input.files?.[0];
    // Cleared so that choosing the same file again, after removing it, still counts as a change.
    input.value = '';
    if (!file) return;
    onBusyChange(true);
    try {
      setValue('photoUrl', await resizePhoto(file), { shouldDirty: true });
      setFileName(file.name);
    } catch {
      showErrorToast({ fallback: 'This file could not be read as an image. Please choose another photo.' });
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
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <div className="relative">
            {/* Invisible but laid over its button, so a click on the button is a click on the input. */}
            <input
              id="photo"
              type="file"
              accept="image/*"
              aria-describedby="photo-file photo-hint"
              disabled={busy}
              onChange={(event) => choose(event.currentTarget)}
              className="peer absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
            />
            <span
              aria-hidden="true"
              className={cn(
                buttonVariants({ variant: 'outline', size: 'sm' }),
                'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background peer-disabled:opacity-50',
              )}
            >
              <Upload aria-hidden="true" />
              {photoUrl ? 'Change Photo' : 'Choose Photo'}
            </span>
          </div>
          <span id="photo-file" className="min-w-0 truncate text-sm" data-testid="photo-file-name">
            {photoUrl ? (fileName ?? 'Current photo') : 'No photo chosen'}
          </span>
        </div>
        <p id="photo-hint" className="text-sm text-muted-foreground" aria-live="polite">
          {busy ? 'Processing photo...' : 'Any image file. It is resized to 800 pixels before upload.'}
        </p>
        {photoUrl && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => {
              setValue('photoUrl', '', { shouldDirty: true });
              setFileName(undefined);
            }}
          >
            <Trash2 aria-hidden="true" />
            Remove Photo
          </Button>
        )}
      </div>
    </div>
  );
}
