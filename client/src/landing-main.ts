// The script of the landing page the server renders for a visitor without a session
// (server/features/landing/landing-prerender.tsx). The page needs none: every way on is a link.
// This only says once what the server cannot know or should not say twice: an account this tab
// just deleted (kept in the tab's storage across the sign-out), and a sign-in's outcome, which
// leaves the address so that a reload or a bookmark does not say it again.
import { signInOutcome } from '@shared/contracts/sign-in';
import { ACCOUNT_DELETED, LANDING_NOTICE_ID, NOTICE_CLASSES } from '@/features/landing/landing-notice';
import { takeAccountDeleted } from '@/lib/account-deleted';

if (signInOutcome(window.location.search)) window.history.replaceState(null, '', window.location.pathname);

const region = document.getElementById(LANDING_NOTICE_ID);
if (region && takeAccountDeleted()) {
  const line = document.createElement('p');
  line.className = NOTICE_CLASSES.line;
  const title = document.createElement('strong');
  title.className = NOTICE_CLASSES.title;
  title.textContent = ACCOUNT_DELETED.title;
  line.append(title, ` ${ACCOUNT_DELETED.description}`);
  region.replaceChildren(line);
}
