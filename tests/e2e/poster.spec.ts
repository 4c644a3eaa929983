import fs from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { createPet, expect, test } from './fixtures';

// A long phone number as people write it, and a name short enough that the phone is the longest
// text on a tab.
const LONG_PHONE = '+1 (555) 123-4567 ext 89';

const readPng = async (download: Download) => PNG.sync.read(fs.readFileSync(await download.path()));

async function downloadPng(page: Page) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Poster' }).click();
  const png = await readPng(await downloading);
  await expect(page.getByText('Poster Downloaded!', { exact: true })).toBeVisible();
  return png;
}

/**
 * Each tab's phone as laid out in the page: its text, its type and the name's in points on the
 * Letter paper, whether each of its words lies whole inside the tab (a tab clips what sticks out of
 * it), and where the tab is.
 */
function readTabs(poster: Locator) {
  return poster.evaluate((element) => {
    const paper = element.getBoundingClientRect();
    const points = (text: Element) => (Number.parseFloat(getComputedStyle(text).fontSize) / paper.width) * 612;
    return [...element.querySelectorAll('[data-testid="tear-off-tab"]')].map((tab) => {
      const phone = tab.querySelector('[data-testid="tab-phone"]') as HTMLElement;
      const name = tab.querySelector(':scope > div > span') as HTMLElement;
      const box = tab.getBoundingClientRect();
      const inside = (line: DOMRect) =>
        line.top >= box.top - 0.5 &&
        line.bottom <= box.bottom + 0.5 &&
        line.left >= box.left - 0.5 &&
        line.right <= box.right + 0.5;
      return {
        text: phone.textContent,
        phonePoints: points(phone),
        namePoints: points(name),
        inside: inside(phone.getBoundingClientRect()),
        // A word of the number never breaks: each lies on one line, as long as its text.
        wordsWhole: [...phone.querySelectorAll('span')].every((word) => word.getClientRects().length === 1),
        tabTop: box.top - paper.top,
        tabLeft: box.left - paper.left,
        tabWidth: box.width,
        tabHeight: box.height,
      };
    });
  });
}

type Tab = Awaited<ReturnType<typeof readTabs>>[number];

/** Where a tab's dark ink (its text, not its grey dashed edge) starts and ends, from top to bottom, in the PNG. */
function inkRows(png: PNG, tab: Tab, scale: number) {
  const left = Math.ceil(tab.tabLeft * scale) + 4;
  const right = Math.floor((tab.tabLeft + tab.tabWidth) * scale) - 4;
  const top = Math.ceil(tab.tabTop * scale);
  const bottom = Math.min(png.height, Math.floor((tab.tabTop + tab.tabHeight) * scale));
  let first = -1;
  let last = -1;
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const i = (y * png.width + x) * 4;
      const luminance = 0.2126 * png.data[i] + 0.7152 * png.data[i + 1] + 0.0722 * png.data[i + 2];
      if (luminance < 80) {
        if (first < 0) first = y;
        last = y;
        break;
      }
    }
  }
  return { first: first - top, last: last - top, height: bottom - top };
}

/** PLEASE CONTACT's number stands on one line, inside the red box. */
async function expectContactPhoneOnOneLine(poster: Locator) {
  const line = await poster.getByTestId('contact-phone').evaluate((phone) => {
    // The red box: the number's column sits in it beside the QR code.
    const box = ((phone.parentElement as HTMLElement).parentElement as HTMLElement).getBoundingClientRect();
    const text = phone.getBoundingClientRect();
    return {
      lines: Math.round(text.height / Number.parseFloat(getComputedStyle(phone).lineHeight)),
      inside: text.left >= box.left && text.right <= box.right,
    };
  });
  expect(line).toEqual({ lines: 1, inside: true });
}

async function expectWholePhoneOnEveryTab(poster: Locator, phone: string) {
  const tabs = await readTabs(poster);
  expect(tabs).toHaveLength(8);
  for (const tab of tabs) {
    expect(tab.text).toBe(phone);
    expect(tab.inside, 'the phone lies inside its tab').toBe(true);
    expect(tab.wordsWhole, 'no word of the phone is broken').toBe(true);
    // The number is what a tab is torn off for: the largest text on it, and large enough to read.
    expect(tab.phonePoints).toBeGreaterThanOrEqual(tab.namePoints);
    expect(tab.phonePoints).toBeGreaterThanOrEqual(10);
  }
  return tabs;
}

test.describe('the missing poster, for any contact details', () => {
  test('when the phone number is long, then every tab shows all of it as its largest text, in the preview at any width and in the PNG', async ({
    page,
    openPoster,
  }) => {
    await openPoster({ name: 'Bo', isMissing: true, ownerPhone: LONG_PHONE, species: 'cat', breed: '' });
    const poster = page.locator('#missing-poster');
    await expect(poster.getByText('PLEASE CONTACT')).toBeVisible();
    // Without a breed, the species, written as a word on a poster is.
    await expect(poster.getByText('Cat', { exact: true })).toBeVisible();
    const tabs = await expectWholePhoneOnEveryTab(poster, LONG_PHONE);
    await expectContactPhoneOnOneLine(poster);
    await expect(poster.getByText('Bo', { exact: true })).toHaveCount(9);

    const png = await downloadPng(page);
    const box = await poster.boundingBox();
    const scale = png.width / (box?.width ?? 1);
    for (const tab of tabs) {
      const ink = inkRows(png, tab, scale);
      // Text was drawn, and white paper is left at both ends of the tab, so nothing ran into its
      // edge and was clipped.
      expect(ink.last - ink.first).toBeGreaterThan(tab.tabHeight * scale * 0.3);
      expect(ink.first).toBeGreaterThan(2);
      expect(ink.last).toBeLessThan(ink.height - 2);
    }

    await page.setViewportSize({ width: 360, height: 740 });
    await expectWholePhoneOnEveryTab(poster, LONG_PHONE);
    await expectContactPhoneOnOneLine(poster);
  });

  test('when the name and phone are as long as the form takes, then the tabs wrap them rather than clip them', async ({
    page,
    openPoster,
  }) => {
    const name = 'Sir Reginald Fluffington the Third of Maple Avenue';
    const phone = '555 0100 555 0101 555 0102 555 0103 ext. 4';
    await openPoster({ name, isMissing: true, ownerPhone: phone });
    const poster = page.locator('#missing-poster');
    const texts = await poster.evaluate((element) =>
      [...element.querySelectorAll('[data-testid="tear-off-tab"]')].map((tab) => {
        const box = tab.getBoundingClientRect();
        return [...tab.querySelectorAll(':scope > div > span')].map((span) => {
          const line = span.getBoundingClientRect();
          return {
            text: span.textContent,
            inside: line.top >= box.top - 0.5 && line.bottom <= box.bottom + 0.5 && line.left >= box.left - 0.5,
            fits: span.scrollWidth <= span.clientWidth + 1,
          };
        });
      }),
    );
    expect(texts).toHaveLength(8);
    for (const tab of texts) {
      expect(tab.map((line) => line.text)).toEqual([name, phone]);
      for (const line of tab) expect(line).toMatchObject({ inside: true, fits: true });
    }
  });

  test('when the additional information is too long for the poster, then the preview says so and the contact details stay', async ({
    page,
    openPoster,
  }) => {
    await openPoster({ name: 'Bella', photoUrl: null, isMissing: true });
    const poster = page.locator('#missing-poster');
    const warning = page.getByRole('alert').filter({ hasText: 'does not fit on the poster' });

    await page.getByLabel('Additional Information').fill('Very friendly.\nDo not chase.');
    await expect(poster.getByText('Do not chase.')).toBeVisible();
    await expect(warning).toHaveCount(0);

    const story = Array.from({ length: 40 }, (_, i) => `Line ${i + 1}: answers to her name, loves cheese.`).join('\n');
    await page.getByLabel('Additional Information').fill(story);
    await expect(warning).toHaveText(
      'The end of the Additional Information does not fit on the poster and will be cut off. Shorten it to print it in full.',
    );
    // The pet has no photo: its initial shrinks with its box rather than being cut off.
    const [frame, letter] = await poster.getByTestId('poster-initial').evaluate((box) => {
      const range = document.createRange();
      range.selectNodeContents(box);
      return [box.getBoundingClientRect(), range.getBoundingClientRect()].map(({ top, bottom }) => ({ top, bottom }));
    });
    expect(letter.bottom - letter.top).toBeGreaterThan(0);
    expect(letter.top).toBeGreaterThanOrEqual(frame.top);
    expect(letter.bottom).toBeLessThanOrEqual(frame.bottom);
    const contactInside = await poster.evaluate((element) => {
      const contact = [...element.querySelectorAll('p')].find((p) => p.textContent === 'PLEASE CONTACT');
      const box = element.getBoundingClientRect();
      return (contact?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY) <= box.bottom;
    });
    expect(contactInside).toBe(true);

    await page.getByLabel('Additional Information').fill('Shy.');
    await expect(warning).toHaveCount(0);
  });

  test('when the pet is marked safe, then the poster reads FOUND - THANK YOU across it, in the PNG too', async ({
    page,
    openPoster,
  }) => {
    const pet = await openPoster({ isMissing: false });
    const poster = page.locator('#missing-poster');
    await expect(poster.getByText('PLEASE CONTACT')).toBeVisible();
    await expect(poster.getByText('FOUND - THANK YOU', { exact: true })).toBeVisible();
    await expect(page.getByText(`${pet.name} is marked safe, so the poster reads FOUND - THANK YOU`)).toBeVisible();

    const band = await poster.getByText('FOUND - THANK YOU', { exact: true }).boundingBox();
    const box = await poster.boundingBox();
    if (!band || !box) throw new Error('no band on the poster');
    const png = await downloadPng(page);
    const scale = png.width / box.width;
    // The band's green down the middle of the poster, where the poster itself has no green.
    const x = Math.round((band.x - box.x + band.width / 2) * scale);
    let green = 0;
    for (let y = Math.round((band.y - box.y) * scale); y < Math.round((band.y - box.y + band.height) * scale); y++) {
      const [r, g, b] = png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3);
      if (g > r + 40 && g > b + 40) green++;
    }
    expect(green).toBeGreaterThan(20);

    // A missing pet's poster has no band.
    const missing = await createPet(page, { isMissing: true });
    await page.goto(`/poster/${missing.id}`);
    await expect(poster.getByText('PLEASE CONTACT')).toBeVisible();
    await expect(poster.getByText('FOUND - THANK YOU')).toHaveCount(0);

    // Once it is home, its profile leads to the found poster, to cover the ones still up.
    await page.goto(`/pet/${missing.id}`);
    await expect(page.getByRole('link', { name: 'Print Found Poster' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Mark as Safe' }).click();
    await page.getByRole('link', { name: 'Print Found Poster' }).click();
    await expect(poster.getByText('FOUND - THANK YOU', { exact: true })).toBeVisible();
  });
});

test.describe('printing the poster where A4 is the usual paper', () => {
  test.use({ locale: 'de-DE' });

  test('when the page is printed, then the poster fills one A4 page, or one Letter page when the owner chooses it', async ({
    page,
    openPoster,
  }) => {
    await openPoster({ isMissing: true });
    await expect(page.getByText('PLEASE CONTACT')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print Poster' })).toBeVisible();
    const paper = page.getByLabel('Paper Size');
    await expect(paper).toHaveValue('a4');

    let pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    expect(pdf).toMatch(/\/MediaBox\s*\[\s*0 0 59[45](\.\d+)? 84[12](\.\d+)?\s*\]/);

    await paper.selectOption('letter');
    pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    expect(pdf).toMatch(/\/MediaBox\s*\[\s*0 0 612 792\s*\]/);
  });
});
