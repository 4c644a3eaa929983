import { useEffect } from 'react';

const APP_TITLE = document.title;

/**
 * Names the tab after the page's main heading ('Bella — Homeward', 'My Orders — Homeward'), kept
 * up as pages and their data arrive, so that tabs, history and screen readers tell pages apart. A
 * heading that reads badly as a title names the page in `data-title` ('Dashboard' for 'Welcome
 * back!'); an empty one keeps the app's own title (the landing page).
 */
export function useDocumentTitle() {
  useEffect(() => {
    const update = () => {
      const heading = document.querySelector('main h1') ?? document.querySelector('h1');
      const page = (heading?.getAttribute('data-title') ?? heading?.textContent ?? '').trim();
      const title = page ? `${page} — Homeward` : APP_TITLE;
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, []);
}
