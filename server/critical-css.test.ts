import { describe, expect, it } from 'vitest';
import { cutCriticalCss, scriptingNoneFallback } from './critical-css';

const STYLESHEET = `
:root{--primary:#0f766e}
.dark{--primary:#0e7a71}
body{margin:0}
table{border-collapse:collapse}
.bg-primary{background:var(--primary)}
.rounded-full{border-radius:9999px}
.sm\\:px-6{padding-inline:1.5rem}
.\\[\\&_svg\\]\\:size-3 svg{width:.75rem}
.dialog-overlay{position:fixed}
`;
// As React renders it: "&" in a class name is escaped.
const PAGE =
  '<html><body><div class="bg-primary sm:px-6"><span class="rounded-full [&amp;_svg]:size-3"><svg></svg>x</span></div></body></html>';

describe('the critical CSS of a server-rendered page', () => {
  it('when cut for a page, then it keeps the rules the page uses, the theme and its dark variant, and drops the rest', async () => {
    const { css } = await cutCriticalCss(STYLESHEET, [PAGE]);
    for (const kept of [
      '--primary:#0f766e',
      '.dark',
      'body{',
      '.bg-primary',
      '.rounded-full',
      '.sm\\:px-6',
      'size-3 svg',
    ])
      expect(css, kept).toContain(kept);
    expect(css).not.toContain('.dialog-overlay');
    expect(css).not.toContain('table');
  });

  it('when a page uses a class the samples never did, then it is not covered (and links the whole stylesheet)', async () => {
    const critical = await cutCriticalCss(STYLESHEET, [PAGE]);
    expect(critical.covers('<div class="rounded-full bg-primary">a</div>')).toBe(true);
    expect(critical.covers('<div class="rounded-full dialog-overlay">a</div>')).toBe(false);
  });

  it('when a page uses an element the samples never did, then it is not covered: its base rules were cut', async () => {
    const critical = await cutCriticalCss(STYLESHEET, [PAGE]);
    expect(critical.covers('<span class="rounded-full">a</span>')).toBe(true);
    expect(critical.covers('<table class="rounded-full"><tr><td>a</td></tr></table>')).toBe(false);
  });
});

describe('the rules for pages without script in browsers that do not know `scripting`', () => {
  it('when the stylesheet has `@media (scripting: none)` blocks, then their rules come in a <noscript> style, nothing else', () => {
    const stylesheet =
      '.hidden{display:none}@media (scripting:none){.noscript\\:hidden{display:none}.noscript\\:inline{display:inline}}' +
      '@media (min-width:40rem){.sm\\:flex{display:flex}}@media (scripting: none){@supports (display:grid){.g{display:grid}}}';
    expect(scriptingNoneFallback(stylesheet)).toBe(
      '<noscript><style>.noscript\\:hidden{display:none}.noscript\\:inline{display:inline}@supports (display:grid){.g{display:grid}}</style></noscript>',
    );
  });

  it('when the stylesheet has none, then nothing is added', () => {
    expect(scriptingNoneFallback('.a{color:red}')).toBe('');
  });
});
