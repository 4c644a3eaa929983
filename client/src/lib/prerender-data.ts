// The server renders some first visits as plain HTML (the finder's scan and conversation pages)
// and embeds the data it rendered. A page's entry starts from that data instead of asking again,
// then replaces the server's copy.

const PRERENDER_ID = 'prerender';
const DATA_ID = 'prerender-data';

export function readPrerenderData<T>(): T | undefined {
  const data = document.getElementById(DATA_ID)?.textContent;
  if (!data) return undefined;
  try {
    return JSON.parse(data) as T;
  } catch {
    return undefined;
  }
}

export function removePrerender() {
  document.getElementById(PRERENDER_ID)?.remove();
  document.getElementById(DATA_ID)?.remove();
}
