import { Bell, Eye, LogOut, MoreHorizontal, PawPrint, UserRound } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Sheet, SheetClose, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { cn } from '@/lib/cn';
import { fullPageNavigate } from '@/lib/navigation';
import { LAYOUT_FRAME, LAYOUT_MAIN } from './layout-classes';
import { desktopNav, isActive, mobileNav } from './nav-items';
import { ThemeToggle } from './theme-toggle';

const logout = () => fullPageNavigate('/api/logout');

function DesktopHeader({ location }: { location: string }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link
          href="/"
          className="flex shrink-0 items-center gap-2 whitespace-nowrap rounded-md font-bold text-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <PawPrint className="size-6 text-primary" aria-hidden="true" />
          {/* On a tablet the paw alone: the seven entries beside it need the room. */}
          <span className="md:max-lg:sr-only">Homeward</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {desktopNav.map((item) => (
            <Button
              key={item.href}
              variant={isActive(item.href, location) ? 'secondary' : 'ghost'}
              className="px-3 lg:px-4"
              asChild
            >
              <Link href={item.href} aria-current={isActive(item.href, location) ? 'page' : undefined}>
                {item.label}
              </Link>
            </Button>
          ))}
          <ThemeToggle />
          <Button variant="outline" className="px-3 lg:px-4" onClick={logout}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </nav>
      </div>
    </header>
  );
}

const barItem =
  'flex min-w-14 flex-1 flex-col items-center gap-0.5 rounded-md py-2 text-xs font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

function MobileBar({ location }: { location: string }) {
  const firstMoreItem = useRef<HTMLAnchorElement>(null);
  // The dialog would skip links and focus the theme toggle, a setting: the sheet opens on its first way to go.
  const focusFirstMoreItem = (event: Event) => {
    event.preventDefault();
    firstMoreItem.current?.focus();
  };
  return (
    <nav
      aria-label="Mobile"
      className="fixed inset-x-0 bottom-0 z-40 h-[calc(var(--mobile-bar-height)+env(safe-area-inset-bottom))] border-t bg-background pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <div className="mx-auto flex h-full max-w-md items-stretch justify-around px-2">
        {mobileNav.map(({ href, label, icon: Icon }) => (
          <Link
            key={href}
            href={href}
            aria-current={isActive(href, location) ? 'page' : undefined}
            className={cn(barItem, isActive(href, location) ? 'text-accent-foreground' : 'text-muted-foreground')}
          >
            <Icon className="size-5" aria-hidden="true" />
            {label}
          </Link>
        ))}
        <Sheet>
          <SheetTrigger className={cn(barItem, 'text-muted-foreground')}>
            <MoreHorizontal className="size-5" aria-hidden="true" />
            More
          </SheetTrigger>
          <SheetContent aria-describedby={undefined} onOpenAutoFocus={focusFirstMoreItem}>
            <SheetHeader>
              <SheetTitle>More</SheetTitle>
            </SheetHeader>
            <div className="flex flex-col gap-2">
              {/* A full page load, as the spec asks of this entry. */}
              <Button variant="ghost" className="justify-start" asChild>
                <a ref={firstMoreItem} href="/reminders">
                  <Bell aria-hidden="true" />
                  Reminders
                </a>
              </Button>
              <SheetClose asChild>
                <Button variant="ghost" className="justify-start" asChild>
                  <Link href="/watch-areas">
                    <Eye aria-hidden="true" />
                    Watch My Area
                  </Link>
                </Button>
              </SheetClose>
              <SheetClose asChild>
                <Button variant="ghost" className="justify-start" asChild>
                  <Link href="/account">
                    <UserRound aria-hidden="true" />
                    Account
                  </Link>
                </Button>
              </SheetClose>
              {/* The whole row is the toggle: tapping the word works as well as the icon. */}
              <ThemeToggle label="Theme" />
              <Button variant="outline" className="justify-start" onClick={logout}>
                <LogOut aria-hidden="true" />
                Logout
              </Button>
            </div>
          </SheetContent>
        </Sheet>
      </div>
    </nav>
  );
}

export default function AppLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <div className={LAYOUT_FRAME}>
      <DesktopHeader location={location} />
      <main className={LAYOUT_MAIN}>{children}</main>
      <MobileBar location={location} />
    </div>
  );
}

/** The layout's header alone, above a page mounted outside the layout (routes.tsx, PublicPage). */
export function LayoutHeader() {
  const [location] = useLocation();
  return <DesktopHeader location={location} />;
}

/** The layout's bottom bar alone, below a page mounted outside the layout. */
export function LayoutMobileBar() {
  const [location] = useLocation();
  return <MobileBar location={location} />;
}
