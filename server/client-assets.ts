import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type Request } from 'express';
import { type CriticalCss, cutCriticalCss, scriptingNoneFallback } from './critical-css';
import { logger } from './lib/logger';

// CLIENT_DIST lets parallel test runs each build and serve their own copy.
export const CLIENT_DIST = path.resolve(import.meta.dirname, '..', process.env.CLIENT_DIST ?? 'dist/public');

/** The built app's page, with its stylesheet's rules for pages without script in any browser. */
const readTemplate = () => {
  const file = path.join(CLIENT_DIST, 'index.html');
  if (!fs.existsSync(file)) return undefined;
  const template = fs.readFileSync(file, 'utf8');
  const cssUrl = stylesheetUrl(template);
  if (!cssUrl) return template;
  const fallback = scriptingNoneFallback(fs.readFileSync(path.join(CLIENT_DIST, cssUrl), 'utf8'));
  return template.replace('</head>', () => `${fallback}</head>`);
};

type Manifest = Record<string, { file: string; isEntry?: boolean; css?: string[]; imports?: string[] }>;

/**
 * Vite's manifests: the app's, and the scan page's (built apart, on Preact: vite.scan.config.ts).
 * Each names its chunks in its own terms, so each is read on its own.
 */
function readManifests(): Manifest[] {
  return ['manifest.json', 'scan-manifest.json']
    .map((name) => path.join(CLIENT_DIST, '.vite', name))
    .filter((file) => fs.existsSync(file))
    .map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest);
}

/** An entry script of the build: its address, the chunks it imports, the stylesheets its code imports. */
export interface Entry {
  url: string;
  /** The chunks it imports statically, fetched beside it so that none waits for another. */
  imports: string[];
  /** The stylesheets its code (and the chunks it imports) imports. */
  stylesheets: string[];
}

/** The build's entry scripts by source path (`src/scan-main.tsx`), from Vite's manifests. */
function readEntries(): Map<string, Entry> {
  return new Map(
    readManifests().flatMap((manifest) => {
      const walk = (key: string, seen: Set<string>): string[] => {
        if (seen.has(key)) return [];
        seen.add(key);
        return [key, ...(manifest[key]?.imports ?? []).flatMap((imported) => walk(imported, seen))];
      };
      return Object.entries(manifest)
        .filter(([, chunk]) => chunk.isEntry && chunk.file.endsWith('.js'))
        .map(([source, chunk]): [string, Entry] => {
          const chunks = walk(source, new Set());
          return [
            source,
            {
              url: `/${chunk.file}`,
              imports: chunks.slice(1).map((key) => `/${manifest[key].file}`),
              stylesheets: [...new Set(chunks.flatMap((key) => manifest[key].css ?? []))].map((css) => `/${css}`),
            },
          ];
        });
    }),
  );
}

// The app's root element, with what it says to a browser without scripts (index.html): a page
// rendered here says it all itself.
const ROOT = /<div id="root">[\s\S]*?<\/div>/;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/;

/** The build's one stylesheet, as the page template links it (a bare template for tests links none). */
const stylesheetUrl = (template: string) => template.match(STYLESHEET)?.[1];

/**
 * A server-rendered page is readable without script, so its code must not take a weak connection's
 * bandwidth or the phone's main thread from the page's own content: it is fetched once the page has
 * loaded and its images are decoded and painted (two frames and a tenth of a second on), or after
 * 3 s at the latest, should an image hang. An image that is not loaded by then (one below the fold,
 * loaded lazily) is not waited for. With it come the whole stylesheet (the page itself may carry only
 * the rules it uses; what the script renders next, a dialog say, needs the rest), the stylesheets its
 * own code imports (a map's) and the chunks it imports, fetched side by side rather than one after
 * another; it runs once the stylesheets are there, so that nothing it shows (or animates: a dialog's
 * closing waits for its animation) is ever without its rules. Fetched any earlier, they raced the
 * photo, the page's largest paint.
 */
export const entryLoader = (entry: Entry, cssUrl: string | undefined) => {
  const json = JSON.stringify;
  const stylesheets = [...(cssUrl ? [cssUrl] : []), ...entry.stylesheets];
  return [
    `let go=()=>{go=()=>{};const link=(rel,href)=>document.head.appendChild(Object.assign(document.createElement('link'),{rel,href}));`,
    `const styled=${json(stylesheets)}.map(h=>new Promise(r=>{const l=link('stylesheet',h);l.onload=l.onerror=r}));`,
    entry.imports.map((url) => `link('modulepreload',${json(url)});`).join(''),
    `Promise.all(styled).then(()=>import(${json(entry.url)}))};`,
    `const frame=()=>new Promise(r=>requestAnimationFrame(r));`,
    `addEventListener('load',async()=>{await Promise.all([...document.images].filter(i=>i.complete).map(i=>i.decode().catch(()=>{})));await frame();await frame();setTimeout(()=>go(),100)});setTimeout(()=>go(),3000)`,
  ].join('');
};

/** CSP hashes of the inline scripts: the theme is applied before paint, and each entry's loader. */
export function inlineScriptHashes(): string[] {
  const template = readTemplate();
  if (!template) return [];
  const scripts = [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body);
  // Each entry's loader with the whole stylesheet, and without it (a page whose script needs no more rules).
  const loaders = [...readEntries().values()].flatMap((entry) => [
    entryLoader(entry, stylesheetUrl(template)),
    entryLoader(entry, undefined),
  ]);
  return [...scripts, ...loaders].map(
    (body) => `'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`,
  );
}

export interface PrerenderedPage {
  title: string;
  /** The page's language, for `<html lang>`; English unless given. */
  lang?: string;
  /** 200 unless given (a page that says "not found" answers 404). */
  status?: number;
  /** `no-cache` unless given: a secret page says `no-store`. */
  cacheControl?: string;
  /** HTML placed before the app's root element (React hoists the photo's preload into it). */
  body: string;
  /**
   * For a page rendered whole (a PageShell's): a client entry, by its source path under `client/`,
   * that adds to the page once it has loaded (the lost-pets board's map). The page works without it.
   */
  script?: string;
  /** Elements for the document's head, such as a link preview's meta tags. */
  head?: string;
  /** What the page is about, in its language, in place of the app's own description. */
  description?: string;
}

/** A route the server can render ahead of the app; `undefined` serves the plain app page. */
export interface Prerender {
  path: string;
  /** The client entry that takes the rendered page over, by its source path under `client/`. */
  entry: string;
  render(req: Request): Promise<PrerenderedPage | undefined>;
  /** Elements for the head of the plain app page, served where `render` answers undefined. */
  appHead?(req: Request): Promise<string | undefined>;
  /**
   * Bodies rendered for every branch of the page (a missing pet and a safe one, with a photo and
   * without): the rules they use are inlined into each rendered page in place of the stylesheet.
   */
  samples?(): string[];
  /**
   * The entry shows nothing the samples' rules do not style (the landing page's notice): where they
   * are inlined, the whole stylesheet is not fetched for it. Parsing it and styling the page anew
   * is main-thread work a phone does for nothing.
   */
  ownRulesSuffice?: boolean;
}

/**
 * The page inlines the rules it uses, so that nothing blocks its first paint, when they cover all
 * its classes and elements (a component the samples never render would otherwise show unstyled);
 * else it links the stylesheet as the app does. Without script the whole stylesheet comes after the page.
 */
function styleFor(page: PrerenderedPage, cssUrl: string | undefined, critical: CriticalCss | undefined) {
  if (!cssUrl || !critical?.covers(page.body)) return undefined;
  return `<style>${critical.css}</style><noscript><link rel="stylesheet" href="${cssUrl}"></noscript>`;
}

/** The built app's page around a prerendered one: the page, its head, its deferred script. */
export function fillTemplate(
  template: string,
  page: PrerenderedPage,
  entry: Entry,
  critical?: CriticalCss,
  ownRulesSuffice = false,
) {
  const cssUrl = stylesheetUrl(template);
  const style = styleFor(page, cssUrl, critical);
  const scriptCss = style && ownRulesSuffice ? undefined : cssUrl;
  return template
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(STYLESHEET, (link) => style ?? link)
    .replace(ENTRY_SCRIPT, () => `<script type="module">${entryLoader(entry, scriptCss)}</script>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>${page.head ?? ''}`)
    .replace(DESCRIPTION, (meta) => descriptionOf(page) ?? meta)
    .replace(HTML_LANG, () => htmlLang(page))
    .replace(ROOT, () => `${page.body}<div id="root"></div>`);
}

/** A whole HTML document around a server-rendered page. */
export type PageShell = (page: PrerenderedPage) => string;

/**
 * The built app's page (its stylesheet, its theme script) without the app's script: for pages the
 * server renders whole, such as /found, /lost and the scan page's no-script Share Location form.
 * `samples` are bodies rendered for every branch of the pages that should paint at once (the
 * lost-pets board's): the rules they use are cut from the stylesheet at start-up and inlined into
 * each page they cover, in place of the stylesheet's link. A page's own script (`script`, the
 * board's map) comes after its content is painted, as the scan page's does.
 */
export function builtPageShell(samples: string[] = []): PageShell {
  const template = readTemplate();
  if (!template) throw new Error('The client is not built: run `npm run build` first');
  const entries = readEntries();
  const cssUrl = stylesheetUrl(template);
  let critical: CriticalCss | undefined;
  if (samples.length > 0 && cssUrl)
    cutCriticalCss(fs.readFileSync(path.join(CLIENT_DIST, cssUrl), 'utf8'), [template, ...samples]).then(
      (cut) => {
        critical = cut;
      },
      (err: Error) => logger.warn({ error: err.message }, 'critical CSS not cut: pages link the stylesheet'),
    );
  const scriptOf = (page: PrerenderedPage) => {
    const entry = page.script && entries.get(page.script);
    return entry ? `<script type="module">${entryLoader(entry, cssUrl)}</script>` : '';
  };
  return (page) => {
    const style = styleFor(page, cssUrl, critical);
    return template
      .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
      .replace(STYLESHEET, (link) => style ?? link)
      .replace(ENTRY_SCRIPT, '')
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>${page.head ?? ''}`)
      .replace(DESCRIPTION, (meta) => descriptionOf(page) ?? meta)
      .replace(HTML_LANG, () => htmlLang(page))
      .replace(ROOT, () => `${page.body}${scriptOf(page)}`);
  };
}

/** Without a build (API tests, development): the same page, unstyled. */
export const plainPageShell: PageShell = (page) =>
  `<!doctype html>${htmlLang(page)}<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeText(page.title)}</title>${descriptionOf(page) ?? ''}${page.head ?? ''}</head><body>${page.body}</body></html>`;

const HTML_LANG = /<html lang="[^"]*">/;
const DESCRIPTION = /<meta name="description"[^>]*>/;
const descriptionOf = (page: PrerenderedPage) =>
  page.description && `<meta name="description" content="${escapeAttribute(page.description)}">`;
// A language code is one of ours (shared/i18n/languages.ts): nothing in it needs escaping.
const htmlLang = (page: PrerenderedPage) => `<html lang="${page.lang ?? 'en'}">`;

export const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** For a value inside a quoted attribute: quotes too. */
export const escapeAttribute = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Serves the production build: hashed assets cached for a year, the page itself revalidated. */
export function serveBuiltClient(app: Express, prerenders: Prerender[] = []) {
  const indexHtml = path.join(CLIENT_DIST, 'index.html');
  const template = readTemplate();
  if (!template) throw new Error('The client is not built: run `npm run build` first');
  const entries = readEntries();
  app.use(
    '/assets',
    express.static(path.join(CLIENT_DIST, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  );
  app.use(express.static(CLIENT_DIST, { index: false, maxAge: '1h' }));
  const cssUrl = stylesheetUrl(template);
  const stylesheet = cssUrl && fs.readFileSync(path.join(CLIENT_DIST, cssUrl), 'utf8');
  for (const { path: route, entry, render, appHead, samples, ownRulesSuffice } of prerenders) {
    const entryScript = entries.get(entry);
    if (!entryScript) throw new Error(`The client build has no entry ${entry}: run \`npm run build\``);
    // Cut in the background: until it is ready (or should it fail) pages link the stylesheet.
    let critical: CriticalCss | undefined;
    if (samples && stylesheet)
      cutCriticalCss(stylesheet, [template, ...samples()]).then(
        (cut) => {
          critical = cut;
        },
        (err: Error) => logger.warn({ route, error: err.message }, 'critical CSS not cut: pages link the stylesheet'),
      );
    app.get(route, async (req, res, next) => {
      const page = await render(req);
      if (!page) {
        const head = await appHead?.(req);
        if (!head) return next();
        res.setHeader('Cache-Control', 'no-cache');
        return res.type('html').send(template.replace('</head>', () => `${head}</head>`));
      }
      res.setHeader('Cache-Control', page.cacheControl ?? 'no-cache');
      res
        .status(page.status ?? 200)
        .type('html')
        .send(fillTemplate(template, page, entryScript, critical, ownRulesSuffice));
    });
  }
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
}

/** Development: Vite serves the client with hot reload from inside this server. */
export async function serveClientWithVite(app: Express) {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'spa' });
  app.use(vite.middlewares);
  return () => vite.close();
}
