import { possessive } from '@shared/possessive';
import { useQuery } from '@tanstack/react-query';
import { Download, Printer } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { isOwnerPet, type OwnerPet, type PublicPet, petQuery } from '@/api/pets';
import { BackLink } from '@/components/back-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { showErrorToast } from '@/lib/error-toast';
import { CustomizeCard } from './customize-card';
import { downloadPoster } from './download-poster';
import { DEFAULT_CUSTOMIZATION } from './poster-customization';
import { PosterPreview } from './poster-preview';
import { PosterPrintStyles } from './poster-print-styles';

function Instructions({ petName }: { petName: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Instructions</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 pl-5 text-sm text-muted-foreground">
          <li>Customize the title, reward and additional information; the preview updates as you type.</li>
          <li>Download the poster and print it on 8.5 x 11 inch (US Letter) paper.</li>
          <li>The tear-off tabs at the bottom include your contact number, so people can take it with them.</li>
          <li>The QR code links to {possessive(petName)} profile, where a finder can call you or share a location.</li>
        </ol>
      </CardContent>
    </Card>
  );
}

export default function PosterPage() {
  const { id } = useParams<{ id: string }>();
  const { data, isPending } = useQuery(petQuery<PublicPet | OwnerPet>(id));
  // Someone else's pet answers only its public view: a poster is its owner's to make.
  const pet = data && isOwnerPet(data) ? data : undefined;
  const [customization, setCustomization] = useState(DEFAULT_CUSTOMIZATION);
  const [downloading, setDownloading] = useState(false);
  const poster = useRef<HTMLDivElement>(null);

  if (isPending) {
    return (
      <p role="status" className="py-16 text-center text-muted-foreground">
        Loading pet information...
      </p>
    );
  }

  if (!pet) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <h1 className="font-bold text-2xl">Pet Not Found</h1>
        <Button asChild>
          <Link href="/">Go to Dashboard</Link>
        </Button>
      </div>
    );
  }

  const download = async () => {
    if (!poster.current) return;
    setDownloading(true);
    try {
      await downloadPoster(poster.current, pet.name);
      toast({ title: 'Poster Downloaded!', description: 'Your missing pet poster has been saved.' });
    } catch {
      showErrorToast({ fallback: 'Failed to generate poster. Please try again.' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <PosterPrintStyles />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <BackLink href={`/pet/${pet.id}`}>Back</BackLink>
          <h1 className="mt-2 font-bold text-3xl tracking-tight">Missing Poster Generator</h1>
          <p className="text-muted-foreground">A printable poster to help bring {pet.name} home.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print
          </Button>
          <Button onClick={download} disabled={downloading} aria-busy={downloading}>
            <Download aria-hidden="true" />
            Download Poster
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          <CustomizeCard value={customization} onChange={setCustomization} />
          <Instructions petName={pet.name} />
        </div>
        <div className="flex flex-col gap-3">
          <h2 id="poster-preview-heading" className="font-semibold text-lg">
            Preview
          </h2>
          {/* Narrow screens scroll the preview sideways rather than shrink the 120 px QR code out of proportion.
              The scrolling box is a focus stop, so that the arrow keys can scroll it too. */}
          <section
            aria-labelledby="poster-preview-heading"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take focus to be scrolled by keyboard
            tabIndex={0}
            className="overflow-x-auto rounded-lg border bg-muted p-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background sm:p-6"
          >
            <div className="mx-auto w-full min-w-[30rem] max-w-[42rem] shadow-lg">
              <PosterPreview
                ref={poster}
                pet={pet}
                customization={customization}
                scanUrl={`${window.location.origin}/scan/${pet.id}`}
              />
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}
