// The one rule for where the server may send a push message. An endpoint comes from a browser, so
// it is a URL a user chose: only the browsers' own push services are reached (on https, their
// default port, no user info), plus the hosts the operator lists in PUSH_EXTRA_HOSTS.

const KNOWN_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com'];
const KNOWN_DOMAINS = ['.push.apple.com', '.notify.windows.com'];

function isKnownPushService(url: URL) {
  if (url.port !== '') return false;
  const host = url.hostname;
  return KNOWN_HOSTS.includes(host) || KNOWN_DOMAINS.some((domain) => host.endsWith(domain));
}

/**
 * The endpoint in its standard spelling (what every URL parser reads the same way) when the
 * server may send to it; undefined otherwise. `extraHosts` are spelled as `URL.host` spells them.
 */
export function allowedEndpoint(endpoint: string, extraHosts: readonly string[]): string | undefined {
  if (!URL.canParse(endpoint)) return undefined;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || url.username || url.password) return undefined;
  return isKnownPushService(url) || extraHosts.includes(url.host) ? url.href : undefined;
}
