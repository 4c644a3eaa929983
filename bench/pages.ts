// What a browser downloads for the scan page and the dashboard, and Lighthouse's mobile figures
// for the finder's pages (the scan page, /lost, /found) beside a static HTML page of a pet's
// content served by the same server.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../tests/support/chromium-flags';

const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
// Lighthouse starts its own Chromium, which must be told to be headless; Playwright's is by default.
const LIGHTHOUSE_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

async function weigh(page: Page, url: string) {
  const assets: { url: string; type: string; bytes: number }[] = [];
  page.on('requestfinished', async (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    assets.push({ url: request.url(), type, bytes: (await request.sizes()).responseBodySize });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const sum = (type: string) => assets.filter((a) => a.type === type).reduce((n, a) => n + a.bytes, 0);
  return { jsBytes: sum('script'), cssBytes: sum('stylesheet'), files: assets.map((a) => new URL(a.url).pathname) };
}

export interface LighthouseFigures {
  performance: number;
  accessibility?: number;
  lcpMs: number;
  /** The main thread's long tasks: what the score loses when the paint is fast but the page's script is not. */
  blockingMs: number;
  /**
   * Lighthouse's measure of this machine's CPU. Its fourfold slowdown takes an index of 1,500–2,000
   * to a mid-tier phone: above that, the phone emulated is faster than one, below it slower.
   */
  benchmarkIndex: number;
}

async function lighthouseRun(url: string, port: number, categories: string[]): Promise<LighthouseFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: categories });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: categories.includes('accessibility') ? score('accessibility') : undefined,
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    blockingMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Three runs of a page, and the median of each figure over them. */
export interface LighthouseRuns {
  runs: LighthouseFigures[];
  median: LighthouseFigures;
}

/** The pages a finder opens, each with Lighthouse's budgets: the scan page, the lost-pets board, /found. */
export const FINDER_PAGES = ['scan', 'lost', 'found'] as const;
export type FinderPage = (typeof FINDER_PAGES)[number];

export async function measurePages(baseUrl: string, petId: string, ownerCookie: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const visitor = await browser.newContext();
  const scan = await weigh(await visitor.newPage(), `${baseUrl}/scan/${petId}`);
  const owner = await browser.newContext();
  await owner.addCookies(
    ownerCookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name, value: value.join('='), url: baseUrl };
    }),
  );
  const dashboard = await weigh(await owner.newPage(), `${baseUrl}/`);
  await browser.close();

  // Lighthouse's default configuration is the mobile preset: a mid-range phone on slow 4G.
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: LIGHTHOUSE_FLAGS });
  try {
    // Three runs; a run in which Lighthouse found no LCP at all is left out of the median.
    const runs = async (url: string, categories: string[]): Promise<LighthouseRuns> => {
      const all: LighthouseFigures[] = [];
      for (let i = 0; i < 3; i++) all.push(await lighthouseRun(url, chrome.port, categories));
      const measured = all.some((r) => r.lcpMs > 0) ? all.filter((r) => r.lcpMs > 0) : all;
      const of = (figure: keyof LighthouseFigures) => middle(measured.map((r) => r[figure] ?? 0));
      return {
        runs: all,
        median: {
          performance: of('performance'),
          accessibility: categories.includes('accessibility') ? of('accessibility') : undefined,
          lcpMs: of('lcpMs'),
          blockingMs: of('blockingMs'),
          benchmarkIndex: of('benchmarkIndex'),
        },
      };
    };
    const both = ['performance', 'accessibility'];
    const urls: Record<FinderPage, string> = {
      scan: `${baseUrl}/scan/${petId}`,
      lost: `${baseUrl}/lost`,
      found: `${baseUrl}/found`,
    };
    const staticLh = await runs(`${baseUrl}/__bench/static-scan/${petId}`, ['performance']);
    const finder = {} as Record<FinderPage, LighthouseRuns>;
    for (const page of FINDER_PAGES) finder[page] = await runs(urls[page], both);
    const landingLh = await runs(`${baseUrl}/`, both);
    // Each finder's page beside the static HTML page of a pet: the first paint a page with no
    // framework at all reaches on the same server.
    const lcpRatio = (page: FinderPage) => Number((finder[page].median.lcpMs / staticLh.median.lcpMs).toFixed(2));
    return {
      scan,
      dashboard,
      stripeOutsideCheckout: [...scan.files, ...dashboard.files].some((f) => /stripe/i.test(f)),
      lcp: {
        staticMs: staticLh.median.lcpMs,
        ratio: Object.fromEntries(FINDER_PAGES.map((page) => [page, lcpRatio(page)])) as Record<FinderPage, number>,
      },
      lighthouse: { ...finder, static: staticLh, landing: landingLh },
    };
  } finally {
    await chrome.kill();
  }
}
