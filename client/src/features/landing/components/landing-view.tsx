import { loginUrl } from '@shared/contracts/sign-in';
import {
  ArrowRight,
  Bell,
  FileHeart,
  Infinity as InfinityIcon,
  type LucideIcon,
  MapPin,
  PawPrint,
  QrCode,
  ShieldCheck,
  Siren,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  LANDING_NOTICE_ID,
  type LandingNotice,
  landingNotice,
  NOTICE_CLASSES,
  type OnceNotice,
} from '../landing-notice';

// A card with `href` is also the way to its page: the title, in the spec's words, is the link.
const features: { icon: LucideIcon; title: string; description: string; href?: string }[] = [
  {
    icon: QrCode,
    title: 'Smart QR Tags',
    description:
      'Each pet gets a QR code that opens their public profile, so whoever finds them can see how to reach you.',
  },
  {
    icon: MapPin,
    title: 'GPS Location Sharing',
    description:
      'A finder who scans the tag can send you a note about where your pet was found, right from their phone.',
  },
  {
    icon: Bell,
    title: 'Health Reminders',
    description: 'Keep track of vaccines, medications, grooming and vet visits in one list you can tick off.',
  },
  {
    icon: Siren,
    title: 'Lost Pet Alerts',
    description: 'Mark a pet as missing in one tap and print a poster with a QR code and tear-off tabs.',
    // The public board of missing pets nearby, a page of the server's: a full page load.
    href: '/lost',
  },
  {
    icon: InfinityIcon,
    title: 'Unlimited Pets',
    description: 'Add as many pets as you share your home with. Signing up is free.',
  },
  {
    icon: FileHeart,
    title: 'Medical Records',
    description: 'Store vet details, medical notes and special needs so they are at hand when they matter.',
  },
];

/**
 * The landing page as it looks at `path?search` (`search` without its '?'): rendered by the server
 * for a visitor without a session (it needs no script: every way on is a link) and by the app in
 * place of a page that needs signing in, which Log In comes back to. Above it, when there is one,
 * a notice says why the visitor is here (`once`: what they arrived from).
 */
export function LandingView({ path, search, once }: { path: string; search: string; once?: OnceNotice }) {
  const notice = landingNotice(path, once);
  const loginHref = loginUrl(path === '/' || !search ? path : `${path}?${search}`);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          {/* The brand never wraps ('Homewar / d' at 360 px): the buttons beside it give way first. */}
          <span className="flex shrink-0 items-center gap-2 whitespace-nowrap text-lg font-bold">
            <span className="flex size-9 items-center justify-center rounded-full bg-primary text-primary-foreground">
              <PawPrint className="size-5" aria-hidden="true" />
            </span>
            Homeward
          </span>
          <div className="flex min-w-0 items-center gap-1 sm:gap-2">
            {/* A page of the server's, without the app: a full page load. */}
            <Button asChild variant="ghost" className="px-2 sm:px-3">
              <a href="/found">Found a Pet?</a>
            </Button>
            <Button asChild>
              <a href={loginHref}>Log In</a>
            </Button>
          </div>
        </div>
      </header>

      <main className="flex-1">
        {/* A live region from the start, so that a notice the page's script adds is announced. */}
        <div role="status" id={LANDING_NOTICE_ID}>
          {notice && <NoticeLine notice={notice} />}
        </div>
        <section className="bg-linear-to-b from-accent to-background">
          <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-20 lg:grid-cols-[3fr_2fr]">
            <div className="flex flex-col items-center gap-6 text-center lg:items-start lg:text-left">
              <span className="inline-flex items-center gap-2 rounded-full bg-secondary px-4 py-1.5 text-sm font-medium text-secondary-foreground">
                <ShieldCheck className="size-4" aria-hidden="true" />
                Free to sign up
              </span>
              {/* The app's own title names this page (see useDocumentTitle). */}
              <h1 data-title="" className="text-balance text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
                Keep Your Pets Safe with Smart QR Tags
              </h1>
              <p className="max-w-2xl text-pretty text-lg text-muted-foreground">
                Create a profile for each of your pets, attach a QR tag to their collar and help anyone who finds them
                bring them home to you.
              </p>
              <Button asChild size="lg">
                <a href={loginHref}>
                  Get Started Free
                  <ArrowRight aria-hidden="true" />
                </a>
              </Button>
            </div>
            {/* Drawn for Homeward as a small SVG (under 2 kB), so the hero costs no photo download. */}
            <img
              src="/images/pet-with-tag.svg"
              alt="A happy dog wearing a Homeward QR tag on its collar"
              width={400}
              height={400}
              className="mx-auto w-56 sm:w-72 lg:w-full lg:max-w-sm"
            />
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <div className="mx-auto mb-10 max-w-2xl text-center">
            <h2 id="features-heading" className="text-3xl font-bold tracking-tight">
              Everything you need to bring them home
            </h2>
            <p className="mt-3 text-muted-foreground">
              Simple tools for everyday care and for the day something goes wrong.
            </p>
          </div>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {features.map(({ icon: Icon, title, description, href }) => (
              <li key={title}>
                <Card className="h-full">
                  <CardHeader>
                    <span className="mb-2 flex size-12 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                      <Icon className="size-6" aria-hidden="true" />
                    </span>
                    <CardTitle asChild>
                      <h3>
                        {href ? (
                          <a href={href} className="underline underline-offset-4 hover:text-accent-foreground">
                            {title}
                          </a>
                        ) : (
                          title
                        )}
                      </h3>
                    </CardTitle>
                  </CardHeader>
                  <CardContent>
                    <p className="text-muted-foreground">{description}</p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="cta-heading" className="px-4 pb-16 sm:px-6">
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12">
            <h2 id="cta-heading" className="text-balance text-3xl font-bold tracking-tight">
              Ready to keep your pets safe?
            </h2>
            <p className="max-w-xl text-pretty">
              Sign up in a minute, add your pets and have their QR codes ready today.
            </p>
            <Button asChild size="lg" variant="secondary">
              <a href={loginHref}>Sign Up Now</a>
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-2 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:justify-between sm:px-6">
          <span className="flex items-center gap-2 font-semibold text-foreground">
            <PawPrint className="size-4" aria-hidden="true" />
            Homeward
          </span>
          <p>© 2025 Homeward. All rights reserved.</p>
        </div>
      </footer>
    </div>
  );
}

/** One notice, as the server renders it and the page's script copies it (landing-main.ts). */
export function NoticeLine({ notice }: { notice: LandingNotice }) {
  return (
    <p className={NOTICE_CLASSES.line}>
      <strong className={NOTICE_CLASSES.title}>{notice.title}</strong>
      {notice.description && ` ${notice.description}`}
    </p>
  );
}
