import { formatShortCode } from '@shared/contracts/found';
import { possessive } from '@shared/possessive';
import { useQuery } from '@tanstack/react-query';
import { Download, Share2, ShoppingBag } from 'lucide-react';
import { QRCodeCanvas, QRCodeSVG } from 'qrcode.react';
import { useRef } from 'react';
import { Link, useParams } from 'wouter';
import { isOwnerPet, type OwnerPet, type PublicPet, petQuery } from '@/api/pets';
import { BackLink } from '@/components/back-link';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { isNotFound } from '@/lib/api-client';
import { downloadCanvas, fileNamePart } from '@/lib/download';
import { showErrorToast } from '@/lib/error-toast';
import { toExactSize } from './to-exact-size';

// Spec: a 300 px code on screen, a 1000 x 1000 PNG to download, both at level H with a margin.
const SCREEN_SIZE = 300;
const DOWNLOAD_SIZE = 1000;
const MARGIN_MODULES = 4;

const STEPS = [
  ['Order a Physical Tag', 'Get a durable, weather-resistant QR tag for the collar from our store.'],
  ['Print and Attach', 'Or download this code, print it and attach it to the collar, harness or carrier.'],
  ['Peace of Mind', 'Anyone who finds your pet can scan the code, see how to reach you and share where they are.'],
] as const;

async function shareProfile(name: string, url: string) {
  if (navigator.share) {
    try {
      await navigator.share({ title: `${name} on Homeward`, text: `Scan or open ${possessive(name)} profile`, url });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) throw error;
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link Copied!', description: 'The profile link has been copied to your clipboard.' });
  } catch {
    showErrorToast({ title: 'Could Not Copy Link', fallback: url });
  }
}

export default function QrPage() {
  const { id } = useParams<{ id: string }>();
  const { data, error, isPending } = useQuery(petQuery<PublicPet | OwnerPet>(id));
  // Someone else's pet answers only its public view: its QR screen is its owner's.
  const pet = data && isOwnerPet(data) ? data : undefined;
  const downloadSource = useRef<HTMLCanvasElement>(null);

  if (isPending) {
    return (
      <div role="status" aria-label="Loading QR code" className="mx-auto flex max-w-2xl flex-col items-center gap-4">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="size-[300px]" />
      </div>
    );
  }

  if (!pet) {
    const notFound = Boolean(data) || isNotFound(error);
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-center">
        <h1 className="font-bold text-2xl">{notFound ? 'Pet Not Found' : 'Could Not Load This Pet'}</h1>
        <p className="text-muted-foreground">
          {notFound ? "This pet doesn't exist." : 'Please check your connection and try again.'}
        </p>
        <Button asChild variant="outline">
          <Link href="/">Go to Dashboard</Link>
        </Button>
      </div>
    );
  }

  const scanUrl = `${window.location.origin}/scan/${pet.id}`;

  const download = async () => {
    try {
      if (!downloadSource.current) throw new Error('The QR code is not drawn yet');
      await downloadCanvas(toExactSize(downloadSource.current, DOWNLOAD_SIZE), `${fileNamePart(pet.name)}-qr-code.png`);
    } catch {
      showErrorToast({ fallback: 'Failed to download the QR code. Please try again.' });
    }
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <div>
        <BackLink href={`/pet/${pet.id}`}>Back</BackLink>
        <h1 className="mt-2 font-bold text-3xl tracking-tight">{possessive(pet.name)} QR Code</h1>
        <p className="text-muted-foreground">Anyone who scans this code sees {possessive(pet.name)} public profile.</p>
      </div>

      <Card>
        <CardContent className="flex flex-col items-center gap-5 pt-6">
          <div className="rounded-xl bg-white p-2 shadow-sm">
            <QRCodeSVG
              value={scanUrl}
              size={SCREEN_SIZE}
              level="H"
              marginSize={MARGIN_MODULES}
              title={`QR code linking to ${possessive(pet.name)} profile`}
              role="img"
              className="h-auto w-full max-w-[300px]"
            />
          </div>
          {/* The download is drawn at full resolution, not scaled up from the screen's 300 px. */}
          <QRCodeCanvas
            ref={downloadSource}
            value={scanUrl}
            size={DOWNLOAD_SIZE}
            level="H"
            marginSize={MARGIN_MODULES}
            className="hidden"
            aria-hidden="true"
          />
          <div className="flex flex-col items-center gap-1 text-center">
            <p className="text-sm text-muted-foreground">Tag code</p>
            <p className="font-bold font-mono text-3xl tracking-widest" data-testid="short-code">
              {formatShortCode(pet.shortCode)}
            </p>
            <p className="text-sm text-muted-foreground">
              A finder who cannot scan the code can enter it at {window.location.host}/found
            </p>
          </div>
          <p className="break-all text-center text-sm text-muted-foreground">{scanUrl}</p>
          <div className="grid w-full gap-3 sm:grid-cols-2">
            <Button size="lg" onClick={download}>
              <Download aria-hidden="true" />
              Download QR Code
            </Button>
            <Button size="lg" variant="outline" onClick={() => shareProfile(pet.name, scanUrl)}>
              <Share2 aria-hidden="true" />
              Share Profile
            </Button>
          </div>
        </CardContent>
      </Card>

      <SectionCard
        title="How to Use Your QR Code"
        description={<>Three steps to help {pet.name} find the way home.</>}
        contentClassName="flex flex-col gap-5"
      >
        <ol className="grid gap-4">
          {STEPS.map(([title, text], index) => (
            <li key={title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent font-bold text-accent-foreground"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ol>
        <Button asChild size="lg" variant="secondary">
          <Link href="/store">
            <ShoppingBag aria-hidden="true" />
            Order Physical QR Tag
          </Link>
        </Button>
      </SectionCard>
    </div>
  );
}
