import { PNG } from 'pngjs';
import { expect, test } from './fixtures';

/** A real PNG larger than the 320 px copy, so every width the server keeps differs. */
function photoDataUrl(width: number, height: number) {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([180, (i % width) / 4, 80, 255], i * 4);
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

test.describe('the scan page on a slow phone', () => {
  test('when no stylesheet or script has arrived yet, then the page is already styled and the photo comes in the size shown', async ({
    finderScene,
  }) => {
    // Scripts play no part here, stylesheets never arrive. At one device pixel per CSS pixel the
    // 144 px photo needs no more than the 160 px copy.
    const { pet, scan } = await finderScene({
      pet: { isMissing: true, photoUrl: photoDataUrl(600, 450) },
      phone: { javaScriptEnabled: false, deviceScaleFactor: 1 },
    });
    await scan.route('**/*.css', (route) => route.abort());

    await scan.goto(`/scan/${pet.id}`);

    const call = scan.getByRole('link', { name: 'Call Owner' });
    await expect(call).toBeVisible();
    // The page's own red and white, and the card's rounded frame, come with the page itself.
    expect(await call.evaluate((a) => getComputedStyle(a).backgroundColor)).toBe('rgb(185, 28, 28)');
    expect(await call.evaluate((a) => getComputedStyle(a).color)).toBe('rgb(255, 255, 255)');
    const hero = scan.getByRole('region', { name: pet.name, exact: true });
    expect(await hero.evaluate((s) => getComputedStyle(s).borderTopLeftRadius)).not.toBe('0px');

    const photo = scan.getByRole('img', { name: pet.name });
    await expect(photo).toHaveAttribute('fetchpriority', 'high');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await photo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).searchParams.get('size'))).toBe(
      '160',
    );
    expect(await photo.evaluate((img) => img.getBoundingClientRect().width)).toBe(144);
  });

  test('when the phone prefers dark and runs no scripts, then the page is dark from its first paint', async ({
    finderScene,
  }) => {
    // A finder at night: the page's own colours follow the phone, with no script to set a theme.
    const { pet, scan } = await finderScene({
      pet: { isMissing: true },
      phone: { javaScriptEnabled: false, colorScheme: 'dark' },
    });
    await scan.route('**/*.css', (route) => route.abort());
    await scan.goto(`/scan/${pet.id}`);

    const background = () => scan.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
    expect(await background()).toBe('rgb(22, 18, 15)');
    const call = scan.getByRole('link', { name: 'Call Owner' });
    expect(await call.evaluate((a) => getComputedStyle(a).backgroundColor)).toBe('rgb(248, 113, 113)');

    await scan.emulateMedia({ colorScheme: 'light' });
    expect(await background()).toBe('rgb(255, 250, 243)');
  });

  test('when the phone has two device pixels per CSS pixel, then the photo comes as the 320 px copy, not the 800 px photo', async ({
    finderScene,
  }) => {
    const { pet, scan } = await finderScene({
      pet: { isMissing: true, photoUrl: photoDataUrl(600, 450) },
      phone: { deviceScaleFactor: 2 },
    });
    await scan.goto(`/scan/${pet.id}`);
    const photo = scan.getByRole('img', { name: pet.name });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await photo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).searchParams.get('size'))).toBe(
      '320',
    );
  });
});

test('when the page’s script arrives, then it brings the server’s page to life in place: the pet is painted once, in the finder’s language, and its buttons work', async ({
  finderScene,
}) => {
  // A Spanish reader of a missing pet with care notes: words, names and the month the contact was
  // confirmed, which the script must render exactly as the server did.
  const { pet, scan } = await finderScene({ pet: { isMissing: true, medicalNotes: 'Needs insulin twice a day' } });
  const warnings: string[] = [];
  scan.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  // Every change to the server's page from the moment it is parsed (before its script can run).
  await scan.addInitScript(() => {
    const changes: string[] = [];
    Object.assign(window, { pageChanges: changes });
    const inPage = (node: Node) =>
      (node instanceof Element ? node : node.parentElement)?.closest('#prerender') != null ||
      (node instanceof Element && (node.id === 'prerender' || node.querySelector('#prerender') != null));
    const name = (node: Node) => (node instanceof Element ? node.localName : node.nodeName);
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes' && inPage(record.target))
          changes.push(`${record.attributeName} on ${name(record.target)}`);
        if (record.type === 'characterData' && inPage(record.target)) changes.push('text changed');
        if (record.type !== 'childList') continue;
        for (const node of record.removedNodes)
          if (inPage(record.target) || inPage(node)) changes.push(`removed ${name(node)}`);
        for (const node of record.addedNodes) if (inPage(record.target)) changes.push(`added ${name(node)}`);
      }
    });
    document.addEventListener('DOMContentLoaded', () =>
      observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true }),
    );
  });

  await scan.goto(`/scan/${pet.id}?lang=es`);
  await expect(scan.getByRole('heading', { name: `¡Ayuda a ${pet.name} a volver con su familia!` })).toBeVisible();
  await expect(scan.getByText(/de 20\d\d/)).toBeVisible();
  // The script has taken over once Share Location is a button (it opens the dialog from then on).
  const shareLocation = scan.getByRole('button', { name: 'Compartir ubicación' });
  await expect(shareLocation).toBeVisible();

  // Hydrated: the same elements and texts, untouched, but for Share Location, a link turned button.
  const changes = await scan.evaluate(() => (window as unknown as { pageChanges: string[] }).pageChanges);
  expect(changes.sort()).toEqual(['data-hydrated on div', 'role on a']);
  expect(warnings.filter((text) => /hydrat|did not match|mismatch/i.test(text))).toEqual([]);

  // And alive: the button opens the dialog, in Spanish.
  await shareLocation.click();
  await expect(scan.getByRole('dialog', { name: 'Compartir ubicación' })).toBeVisible();
});
