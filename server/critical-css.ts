import { PurgeCSS } from 'purgecss';

/** The rules a server-rendered page needs before its first paint, and whether a page is all covered by them (its classes and elements). */
export interface CriticalCss {
  css: string;
  covers(html: string): boolean;
}

// React escapes these five in attribute values; Tailwind classes hold some of them ([&_svg]:size-3).
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };
const decodeEntities = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity]);

const classesOf = (html: string) =>
  [...html.matchAll(/\sclass="([^"]*)"/g)].flatMap(([, names]) => decodeEntities(names).split(/\s+/)).filter(Boolean);
// The elements a page uses: the stylesheet's base rules are kept for those the samples hold (a
// textarea's, a table's) and dropped for the others.
const elementsOf = (html: string) =>
  [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)].map(([, name]) => name.toLowerCase());

// A Tailwind class is anything between quotes and white space (`sm:px-6`, `size-1/2`, `[&_svg]:size-3`),
// the extractor Tailwind's own documentation gives for PurgeCSS.
const tokens = (content: string) => content.match(/[^<>"'`\s]*[^<>"'`\s:]/g) ?? [];

/**
 * Cuts from `stylesheet` the rules that `pages` use: element, class and attribute selectors all of
 * whose names appear in them, with the theme's variables. `.light` and `.dark` are kept: the theme
 * script in the page's head sets one before the first paint. Takes a few hundred milliseconds: done once, at start-up.
 */
export async function cutCriticalCss(stylesheet: string, pages: string[]): Promise<CriticalCss> {
  const content = decodeEntities(pages.join('\n'));
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: content, extension: 'html' }],
    css: [{ raw: stylesheet }],
    defaultExtractor: tokens,
    safelist: { standard: ['light', 'dark'] },
    // Tailwind declares every theme colour, size and animation; the page needs those its rules use.
    variables: true,
    keyframes: true,
  });
  const classes = new Set(classesOf(pages.join('\n')));
  const elements = new Set(elementsOf(pages.join('\n')));
  return {
    css: result.css,
    covers: (html) =>
      classesOf(html).every((name) => classes.has(name)) && elementsOf(html).every((name) => elements.has(name)),
  };
}

/**
 * Tailwind's `noscript:` variant puts its rules under `@media (scripting: none)`, which browsers
 * before Safari 17 and Chrome 120 do not know: with scripts off they would show the words and
 * controls meant for scripts. The same rules inside a `<noscript>` in the head apply in any browser
 * with scripts off (and are never parsed with them on). Empty when the stylesheet has none.
 */
export function scriptingNoneFallback(stylesheet: string) {
  const rules: string[] = [];
  for (const match of stylesheet.matchAll(/@media\s*\(\s*scripting\s*:\s*none\s*\)\s*\{/g)) {
    // The block's rules end at the brace that closes the media query's own.
    let depth = 1;
    let end = match.index + match[0].length;
    for (; end < stylesheet.length && depth > 0; end++) {
      if (stylesheet[end] === '{') depth++;
      else if (stylesheet[end] === '}') depth--;
    }
    rules.push(stylesheet.slice(match.index + match[0].length, end - 1));
  }
  return rules.length > 0 ? `<noscript><style>${rules.join('')}</style></noscript>` : '';
}
