import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from '@/components/error-boundary';
import { LoadError } from '@/components/load-error';
import { useTellTimeZone } from '@/features/account/api/tell-time-zone';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from './document-title';
import { LAYOUT_FRAME, LAYOUT_MAIN } from './layout/layout-classes';

// Every page is its own chunk: a finder opening /scan/{id} downloads the scan page and nothing else.
const LandingPage = lazy(() => import('@/features/landing/components/landing-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));
const AppLayout = lazy(() => import('./layout/app-layout'));
const LayoutHeader = lazy(() => import('./layout/app-layout').then((layout) => ({ default: layout.LayoutHeader })));
const LayoutMobileBar = lazy(() =>
  import('./layout/app-layout').then((layout) => ({ default: layout.LayoutMobileBar })),
);
const HomePage = lazy(() => import('./home-page'));
const PetFormPage = lazy(() => import('@/features/pets/components/pet-form-page'));
const PetProfilePage = lazy(() => import('./pet-profile-route'));
const ScanPage = lazy(() => import('./scan-route'));
const ConversationPage = lazy(() => import('@/features/conversation/components/live-conversation'));
const QrPage = lazy(() => import('@/features/qr/components/qr-page'));
const PosterPage = lazy(() => import('@/features/poster/components/poster-page'));
const StorePage = lazy(() => import('@/features/store/components/store-page'));
const CheckoutPage = lazy(() => import('@/features/checkout/components/checkout-page'));
const OrdersPage = lazy(() => import('@/features/orders/components/orders-page'));
const OrderDetailsPage = lazy(() => import('@/features/orders/components/order-details-page'));
const RemindersPage = lazy(() => import('@/features/reminders/components/reminders-page'));
const InvitePage = lazy(() => import('@/features/invitations/components/invite-page'));
const AccountPage = lazy(() => import('@/features/account/components/account-page'));
const WatchAreasPage = lazy(() => import('./watch-areas-route'));
const ConfirmContactPage = lazy(() => import('@/features/contacts/components/confirm-contact-page'));

function PageFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <div className="size-8 animate-spin rounded-full border-4 border-primary border-t-transparent" />
    </div>
  );
}

// A page whose code could not be downloaded says so, instead of leaving the screen blank.
const pageLoadFailed = (
  <div className="mx-auto max-w-xl p-4">
    <LoadError heading="h1" title="This page could not be loaded." onRetry={() => window.location.reload()} />
  </div>
);

/**
 * A page open to everyone, mounted once whoever is visiting: while sign-in status is loading it is
 * shown as to a stranger, and a signed-in visitor then gets the layout's bars around the same page.
 * Mounted inside the layout instead, it was rendered twice, and did its work (counting the scan)
 * twice. Every element keeps its place, so React keeps the page.
 */
function PublicPage({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  const signedIn = isAuthenticated && !isLoading;
  return (
    <div className={signedIn ? LAYOUT_FRAME : undefined}>
      {signedIn ? (
        <Suspense fallback={null}>
          <LayoutHeader />
        </Suspense>
      ) : null}
      <main className={signedIn ? LAYOUT_MAIN : undefined}>{children}</main>
      {signedIn ? (
        <Suspense fallback={null}>
          <LayoutMobileBar />
        </Suspense>
      ) : null}
    </div>
  );
}

function SignedOutRoutes() {
  return (
    <Switch>
      <Route path="/c/:token" component={ConversationPage} />
      <Route path="/store" component={StorePage} />
      {/* The reminder e-mail's link works without signing in. */}
      <Route path="/confirm-contact/:token">
        <main className="p-4">
          <ConfirmContactPage />
        </main>
      </Route>
      <Route path="/invite/:token">
        <main>
          <InvitePage />
        </main>
      </Route>
      <Route component={LandingPage} />
    </Switch>
  );
}

function SignedInRoutes() {
  const [location] = useLocation();
  useTellTimeZone(useAuth().user?.id);
  return (
    <AppLayout>
      {/* Inside the layout, so the navigation stays; keyed by address, so another page starts afresh. */}
      <ErrorBoundary key={location} fallback={pageLoadFailed}>
        <Suspense fallback={<PageFallback />}>
          <Switch>
            <Route path="/" component={HomePage} />
            <Route path="/add-pet" component={PetFormPage} />
            <Route path="/edit-pet/:id" component={PetFormPage} />
            <Route path="/pet/:id" component={PetProfilePage} />
            <Route path="/c/:token" component={ConversationPage} />
            <Route path="/qr/:id" component={QrPage} />
            <Route path="/store" component={StorePage} />
            <Route path="/checkout/:productId" component={CheckoutPage} />
            <Route path="/orders" component={OrdersPage} />
            <Route path="/order/:id" component={OrderDetailsPage} />
            <Route path="/reminders" component={RemindersPage} />
            <Route path="/poster/:id" component={PosterPage} />
            <Route path="/account" component={AccountPage} />
            <Route path="/watch-areas" component={WatchAreasPage} />
            <Route path="/confirm-contact/:token" component={ConfirmContactPage} />
            <Route path="/invite/:token" component={InvitePage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </ErrorBoundary>
    </AppLayout>
  );
}

/**
 * Whether anyone is signed in could not be learnt (the server answered 503, say): neither the
 * landing page, which would tell a signed-in owner they are signed out, nor their pages.
 */
function SignInUnknown({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <main className="mx-auto max-w-xl p-4">
      <LoadError heading="h1" title="Homeward could not be reached." error={error} onRetry={retry} />
    </main>
  );
}

export function AppRoutes() {
  const { isAuthenticated, isLoading, failure } = useAuth();
  useDocumentTitle();
  return (
    <ErrorBoundary fallback={pageLoadFailed}>
      <Suspense fallback={<PageFallback />}>
        <Switch>
          {/* The finder's page sits outside the sign-in switch: see PublicPage. */}
          <Route path="/scan/:id">
            <PublicPage>
              <ScanPage />
            </PublicPage>
          </Route>
          <Route>
            {failure ? (
              <SignInUnknown {...failure} />
            ) : isLoading || !isAuthenticated ? (
              <SignedOutRoutes />
            ) : (
              <SignedInRoutes />
            )}
          </Route>
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}
