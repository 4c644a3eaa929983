import { possessive } from '@shared/possessive';
import { useQuery } from '@tanstack/react-query';
import { Download, Printer, TriangleAlert } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { isOwnerPet, type OwnerPet, type PublicPet, petQuery } from '@/api/pets';
import { BackLink } from '@/components/back-link';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { showErrorToast } from '@/lib/error-toast';
import { CustomizeCard } from './customize-card';
import { downloadPoster } from './download-poster';
import { defaultPaperSize, PAPER_SIZES, type PaperSize } from './paper-size';
import { DEFAULT_CUSTOMIZATION } from './poster-customization';
import { PosterPreview } from './poster-preview';
import { PosterPrintStyles } from './poster-print-styles';

/** The sheet 'Print Poster' prints on; the browser's locale picks the first choice. */
function PaperSizeField({ value, onChange }: { value: PaperSize; onChange: (paper: PaperSize) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-sm">
        Paper Size
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as PaperSize)}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {Object.entries(PAPER_SIZES).map(([size, { label }]) => (
          <option key={size} value={size}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Instructions({ petName }: { petName: string }) {
  return (
    <SectionCard title="Instructions">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-muted-foreground">
        <li>Customize the title, reward and additional information; the preview updates as you type.</li>
        <li>Download or print the poster on 8.5 x 11 inch (US Letter) or A4 paper.</li>
        <li>The tear-off tabs at the bottom include your contact number, so people can take it with them.</li>
        <li>The QR code links to {possessive(petName)} profile, where a finder can call you or share a location.</li>
      </ol>
    </SectionCard>
  );
}

export default function PosterPage() {
  const { id } = useParams<{ id: string }>();
  const { data, isPending } = useQuery(petQuery<PublicPet | OwnerPet>(id));
  // Someone else's pet answers only its public view: a poster is its owner's to make.
  const pet = data && isOwnerPet(data) ? data : undefined;
  const [customization, setCustomization] = useState(DEFAULT_CUSTOMIZATION);
  const [downloading, setDownloading] = useState(false);
  const [paper, setPaper] = useState(() => defaultPaperSize(navigator.language));
  const [infoCut, setInfoCut] = useState(false);
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
      <PosterPrintStyles paper={paper} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <BackLink href={`/pet/${pet.id}`}>Back</BackLink>
          <h1 className="mt-2 font-bold text-3xl tracking-tight" data-title={`Missing Poster for ${pet.name}`}>
            Missing Poster Generator
          </h1>
          <p className="text-muted-foreground">A printable poster to help bring {pet.name} home.</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <PaperSizeField value={paper} onChange={setPaper} />
          <Button variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print Poster
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
          {!pet.isMissing && (
            <p className="text-muted-foreground text-sm">
              {pet.name} is marked safe, so the poster reads FOUND - THANK YOU: print it to cover the old ones.
            </p>
          )}
          {/* The poster's sizes are fractions of its width, so on a narrow screen the whole poster
              scales down with it; the download is always drawn at the poster's full size. */}
          <section aria-labelledby="poster-preview-heading" className="rounded-lg border bg-muted p-3 sm:p-6">
            <div className="mx-auto w-full max-w-[42rem] shadow-lg">
              <PosterPreview
                ref={poster}
                pet={pet}
                customization={customization}
                scanUrl={`${window.location.origin}/scan/${pet.id}`}
                onInfoOverflow={setInfoCut}
              />
            </div>
          </section>
          {infoCut && (
            <p role="alert" className="flex gap-2 rounded-md border border-warning bg-warning/15 p-3 text-sm">
              <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
              The end of the Additional Information does not fit on the poster and will be cut off. Shorten it to print
              it in full.
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
