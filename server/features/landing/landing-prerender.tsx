import { renderToString } from 'react-dom/server';
import { LandingView } from '../../../client/src/features/landing/components/landing-view';
import { signInOutcome } from '../../../shared/contracts/sign-in';
import { hasSessionCookie } from '../../auth/sessions';
import type { Prerender } from '../../client-assets';

const landingPage = (search: string) => ({
  // The app's own title (client/index.html): the landing page's heading does not name the site.
  title: 'Homeward — Pet safety, QR tags and lost pet alerts',
  body: renderToString(<LandingView path="/" search={search} once={signInOutcome(search)} />),
});

/**
 * The landing page (/) arrives as finished HTML for a browser without a session: a visitor, a
 * neighbour who followed a poster, someone just signed out. Every way on is a link (Log In, Found a
 * Pet?, the lost-pets board), so it works without script and paints before any; its small script
 * only says what the server cannot know (landing-main.ts). A browser holding a session cookie gets
 * the app, which shows the dashboard, or this same page should the session have ended.
 */
export function landingPrerender(): Prerender {
  return {
    path: '/',
    entry: 'src/landing-main.ts',
    async render(req) {
      if (hasSessionCookie(req)) return undefined;
      return landingPage(new URL(req.originalUrl, 'http://landing').search.slice(1));
    },
    samples: () => [landingPage('').body, landingPage('signin=expired').body],
    // Its script writes one notice line, styled as the samples' own.
    ownRulesSuffice: true,
  };
}
