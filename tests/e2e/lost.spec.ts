import crypto from 'node:crypto';
import { insertOwner, insertPet } from '../support/factories';
import { createPet, expect, expectAccessible, strangerOnPhone, test } from './fixtures';

// The public board of missing pets near a place, /lost, as a stranger's phone without scripts
// gets it: the server's page is all there is.

/** A place of this test's own, far from any other test's pets (the database outlives a run). */
const aPlace = () => ({
  lat: -35 + crypto.randomInt(0, 1_000_000) / 100_000,
  lng: -20 + crypto.randomInt(0, 4_000_000) / 100_000,
});
const north = (place: { lat: number; lng: number }, km: number) => ({ ...place, lat: place.lat + km / 111.2 });
const boardAt = (place: { lat: number; lng: number }, km?: number) =>
  `/lost?lat=${place.lat}&lng=${place.lng}${km ? `&km=${km}` : ''}`;
const twoDaysAgo = () => new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

test.describe('the lost-pets board without scripts', () => {
  test('when a stranger 2 km away opens the board, then the pet is listed with its distance and leads to its scan page; 30 km away it is not', async ({
    page,
    login,
    browser,
  }) => {
    await login();
    const seen = aPlace();
    const pet = await createPet(page, {
      isMissing: true,
      species: 'cat',
      breed: '',
      lastSeenDate: twoDaysAgo(),
      lastSeenLat: seen.lat,
      lastSeenLng: seen.lng,
    });

    const stranger = await strangerOnPhone(browser, { javaScriptEnabled: false });
    const board = stranger.page;
    await board.goto(boardAt(north(seen, 2)));
    await expect(board.getByRole('heading', { name: 'Lost Pets Nearby', level: 1 })).toBeVisible();
    const entry = board.getByRole('link', { name: new RegExp(pet.name) });
    await expect(entry).toContainText('Cat');
    await expect(entry).toContainText(/Last seen 2 days ago, about (1\.[7-9]|2|2\.[0-3]) km away/);

    // Farther out, with a radius chosen on the page's own form.
    await board.goto(boardAt(north(seen, 30)));
    await board.getByLabel('Distance').selectOption('25');
    await board.getByRole('button', { name: 'Show Pets' }).click();
    await expect(board).toHaveURL(/km=25/);
    await expect(board.getByText('No missing pets were reported within 25 km of this place.')).toBeVisible();
    await expect(board.getByRole('link', { name: new RegExp(pet.name) })).toHaveCount(0);

    await board.goto(boardAt(north(seen, 2)));
    await board.getByRole('link', { name: new RegExp(pet.name) }).click();
    await expect(board).toHaveURL(`/scan/${pet.id}`);
    await expect(board.getByRole('heading', { name: pet.name, exact: true })).toBeVisible();
    // And back from the scan page to the board around where the pet was last seen.
    await board.getByRole('link', { name: 'Other missing pets nearby' }).click();
    await expect(board.getByRole('link', { name: new RegExp(pet.name) })).toBeVisible();
    await stranger.close();
  });

  test('when the owner turns off "List on the lost-pets map", then strangers no longer find the pet on the board', async ({
    page,
    login,
    browser,
  }) => {
    await login();
    const seen = aPlace();
    const pet = await createPet(page, { isMissing: true, lastSeenLat: seen.lat, lastSeenLng: seen.lng });
    const stranger = await strangerOnPhone(browser, { javaScriptEnabled: false });
    await stranger.page.goto(boardAt(seen));
    await expect(stranger.page.getByRole('link', { name: new RegExp(pet.name) })).toBeVisible();

    await page.goto(`/edit-pet/${pet.id}`);
    const listed = page.getByRole('switch', { name: 'List on the lost-pets map' });
    await expect(listed).toHaveAttribute('aria-checked', 'true');
    await listed.click();
    await page.getByRole('button', { name: 'Update Pet' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();

    await stranger.page.reload();
    await expect(stranger.page.getByText('No missing pets were reported within 5 km of this place.')).toBeVisible();
    await page.goto(`/edit-pet/${pet.id}`);
    await expect(page.getByRole('switch', { name: 'List on the lost-pets map' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await stranger.close();
  });

  test('when the link has no point or a bad one, then the board says so, and a place typed in numbers shows the board; the landing page leads there', async ({
    browser,
    request,
  }) => {
    const stranger = await strangerOnPhone(browser, { javaScriptEnabled: false });
    const board = stranger.page;
    await board.goto('/lost?lat=north&lng=10');
    // Without scripts there is no map and no position to share: the board asks only for what works.
    await expect(
      board
        .getByRole('alert')
        .getByText(
          'The place asked for could not be read (the latitude must be a number from -90 to 90), so no pets are shown. Type its latitude and longitude instead.',
          { exact: true },
        ),
    ).toBeVisible();
    await expect(board.getByText(/pick a place on the map/)).toBeHidden();
    await board.goto('/lost');
    await expect(
      board.getByText('To see missing pets near a place, type its latitude and longitude above.', { exact: false }),
    ).toBeVisible();
    await expect(board.getByText(/share your position/)).toBeHidden();
    // No map, no position, no script: the place in numbers, as a maps app gives them (the open ocean,
    // where no test's pet is).
    await board.getByText('Type a latitude and longitude').click();
    await board.getByLabel('Latitude').fill('-48,8767');
    await board.getByLabel('Longitude').fill('-123.3933');
    await board.getByRole('button', { name: 'Show Pets' }).click();
    await expect(board.getByText('No missing pets were reported within 5 km of this place.')).toBeVisible();
    await board.getByText('Type a latitude and longitude').click();
    await expect(board.getByLabel('Latitude')).toHaveValue('-48.8767');
    await stranger.close();
    // A browser without the media feature `scripting` (Safari before 17) hides the words meant for
    // scripts by the same rules, in a <noscript> style.
    const served = await (await request.get('/lost')).text();
    expect(served).toMatch(
      /<noscript><style>[^<]*\.noscript\\:hidden\{display:none\}[^<]*<\/style><\/noscript><\/head>/,
    );

    const visitor = await strangerOnPhone(browser);
    await visitor.page.goto('/');
    await visitor.page.getByRole('link', { name: 'Lost Pet Alerts' }).click();
    await expect(visitor.page.getByRole('heading', { name: 'Lost Pets Nearby', level: 1 })).toBeVisible();
    await visitor.close();
  });

  test('when 50 missing pets are near, then the board lists them all in at most 40 KB, readable and accessible at 360 px', async ({
    browser,
    database,
  }) => {
    const here = aPlace();
    const owner = await insertOwner(database);
    // One at a time: the embedded database is reached through the server's one socket.
    for (let n = 0; n < 50; n++)
      await insertPet(database, owner.id, {
        name: `Lostling ${n} ${crypto.randomBytes(3).toString('hex')}`,
        breed: 'Staffordshire Bull Terrier',
        isMissing: true,
        lastSeenDate: twoDaysAgo(),
        lastSeenLat: north(here, 0.15 * (n + 1)).lat,
        lastSeenLng: here.lng,
        photoHash: crypto.randomBytes(32).toString('hex'),
      });
    const stranger = await strangerOnPhone(browser, {
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
    });
    const res = await stranger.page.goto(boardAt(here, 10));
    const html = ((await res?.body()) ?? Buffer.alloc(0)).toString();
    // The page's own markup; the rules it uses come inlined (in place of the whole stylesheet's
    // render-blocking link: decision 0030), and are the same for 5 pets as for 50.
    const style = /<style>[\s\S]*?<\/style>/.exec(html)?.[0] ?? '';
    expect(Buffer.byteLength(html.replace(style, ''))).toBeLessThanOrEqual(40 * 1024);
    expect(Buffer.byteLength(style)).toBeLessThanOrEqual(20 * 1024);
    await expect(stranger.page.locator('li[data-pet-id]')).toHaveCount(50);
    // Nothing wider than the phone.
    const overflow = await stranger.page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(360);
    await stranger.close();
    // The checker is a script: the same page, in a browser that runs scripts (the page has none of its own).
    const checker = await strangerOnPhone(browser, { viewport: { width: 360, height: 740 } });
    await checker.page.goto(boardAt(here, 10));
    await expectAccessible(checker.page);
    await checker.close();
  });
});
