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
const ROUNDS = 3;
const BOTH = ['performance', 'accessibility'];

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

/** The pages a finder opens, each with Lighthouse's budgets: the scan page, the lost-pets board, /found. */
export const FINDER_PAGES = ['scan', 'lost', 'found'] as const;
export type FinderPage = (typeof FINDER_PAGES)[number];
const MEASURED = [...FINDER_PAGES, 'landing'] as const;
type MeasuredPage = (typeof MEASURED)[number];

/**
 * A page's runs, each beside the static page's run of the same round, and the medians over the
 * rounds. The machine's load moves Lighthouse's figures (its blocking time above all: every task
 * counts fourfold), so a page is judged against the static page measured just before it, never
 * against a fixed number.
 */
export interface LighthouseRuns {
  runs: LighthouseFigures[];
  median: LighthouseFigures;
  /** The static page's score less this page's, in the same round (median). */
  performanceBelowStatic: number;
  /** This page's blocking time beyond the static page's, in the same round (median, ms). */
  blockingBeyondStaticMs: number;
  /** This page's largest paint over the static page's, in the same round (median). */
  lcpRatio: number;
}

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
    const urls: Record<MeasuredPage, string> = {
      scan: `${baseUrl}/scan/${petId}`,
      lost: `${baseUrl}/lost`,
      found: `${baseUrl}/found`,
      landing: `${baseUrl}/`,
    };
    // Three rounds, each the static HTML page of a pet (the first paint and the quiet main thread
    // a page with no framework reaches on the same server) and then every page.
    const rounds: { static: LighthouseFigures; pages: Record<MeasuredPage, LighthouseFigures> }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const base = await lighthouseRun(`${baseUrl}/__bench/static-scan/${petId}`, chrome.port, ['performance']);
      const pages = {} as Record<MeasuredPage, LighthouseFigures>;
      for (const page of MEASURED) pages[page] = await lighthouseRun(urls[page], chrome.port, BOTH);
      rounds.push({ static: base, pages });
    }
    const summary = (runs: LighthouseFigures[], bases: LighthouseFigures[]): LighthouseRuns => {
      // A run in which Lighthouse found no LCP at all is left out of the medians.
      const kept = runs.map((_, i) => i).filter((i) => runs[i].lcpMs > 0 && bases[i].lcpMs > 0);
      const rounds = kept.length > 0 ? kept : runs.map((_, i) => i);
      const of = (figure: (i: number) => number) => middle(rounds.map(figure));
      return {
        runs,
        median: {
          performance: of((i) => runs[i].performance),
          accessibility: runs[0].accessibility === undefined ? undefined : of((i) => runs[i].accessibility ?? 0),
          lcpMs: of((i) => runs[i].lcpMs),
          blockingMs: of((i) => runs[i].blockingMs),
          benchmarkIndex: of((i) => runs[i].benchmarkIndex),
        },
        performanceBelowStatic: of((i) => bases[i].performance - runs[i].performance),
        blockingBeyondStaticMs: of((i) => runs[i].blockingMs - bases[i].blockingMs),
        lcpRatio: Number(of((i) => runs[i].lcpMs / Math.max(1, bases[i].lcpMs)).toFixed(2)),
      };
    };
    const bases = rounds.map((r) => r.static);
    const lighthouse = Object.fromEntries(
      MEASURED.map((page) => [
        page,
        summary(
          rounds.map((r) => r.pages[page]),
          bases,
        ),
      ]),
    ) as Record<MeasuredPage, LighthouseRuns>;
    return {
      scan,
      dashboard,
      stripeOutsideCheckout: [...scan.files, ...dashboard.files].some((f) => /stripe/i.test(f)),
      lighthouse: { ...lighthouse, static: summary(bases, bases) },
    };
  } finally {
    await chrome.kill();
  }
}
