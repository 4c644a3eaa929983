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
