// What a browser downloads for the scan page and the dashboard, and Lighthouse's mobile figures
// for the scan page beside a static HTML page of the same content served by the same server.
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

async function lighthouseRun(url: string, port: number, categories: string[]) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: categories });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: categories.includes('accessibility') ? score('accessibility') : undefined,
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    // The main thread's long tasks: what the score loses when the paint is fast but the page's script is not.
    blockingMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
  };
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
    // The median of three runs; a run in which Lighthouse found no LCP at all is left out.
    const runs = async (url: string, categories: string[]) => {
      const all = [];
      for (let i = 0; i < 3; i++) all.push(await lighthouseRun(url, chrome.port, categories));
      const measured = all.filter((r) => r.lcpMs > 0).sort((a, b) => a.lcpMs - b.lcpMs);
      return measured[Math.floor(measured.length / 2)] ?? all[0];
    };
    const scanLh = await runs(`${baseUrl}/scan/${petId}`, ['performance', 'accessibility']);
    const staticLh = await runs(`${baseUrl}/__bench/static-scan/${petId}`, ['performance']);
    const landingLh = await runs(`${baseUrl}/`, ['performance', 'accessibility']);
    return {
      scan,
      dashboard,
      stripeOutsideCheckout: [...scan.files, ...dashboard.files].some((f) => /stripe/i.test(f)),
      lcp: {
        scanMs: scanLh.lcpMs,
        staticMs: staticLh.lcpMs,
        ratio: Number((scanLh.lcpMs / staticLh.lcpMs).toFixed(2)),
      },
      lighthouse: { scan: scanLh, static: staticLh, landing: landingLh },
    };
  } finally {
    await chrome.kill();
  }
}
