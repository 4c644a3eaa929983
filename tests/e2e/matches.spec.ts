import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { foundReportPhotos, foundReports, jobs, notifications } from '../../shared/schema';
import { createPet, expect, expectAccessibleInBothThemes, expectFocusVisible, test } from './fixtures';

// Possible Matches on a missing pet's profile: a found dog near where it was last seen is listed
// with why, and the owner says it is theirs.

/** A place of this test's own, far from any other test's pets and found pets (the database outlives a run). */
const aPlace = () => ({
  lat: 20 + crypto.randomInt(0, 1_000_000) / 100_000,
  lng: 60 + crypto.randomInt(0, 4_000_000) / 100_000,
});
const twoDaysAgo = () => new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

type Database = Parameters<Parameters<typeof test>[2]>[0]['database'];

/**
 * A signed-in owner's dog missing for two days, and a brown and white dog found 1 km from where it
 * was last seen, once the matching job has run (the owner's alert says when; the list is read on
 * opening the profile).
 */
async function missingDogAndFoundDog(page: Page, database: Database) {
  const seen = aPlace();
  const pet = await createPet(page, {
    species: 'dog',
    color: 'Chocolate and white',
    isMissing: true,
    lastSeenDate: twoDaysAgo(),
    lastSeenLat: seen.lat,
    lastSeenLng: seen.lng,
  });

  // A finder's report as the found-reports form stores it, and its matching job as that form queues it
  // (the form's own browser tests post through the page; its per-address limit is theirs to spend).
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#5c3a1e' } })
    .composite([{ input: { create: { width: 64, height: 32, channels: 3, background: '#f4f4f2' } }, top: 32, left: 0 }])
    .jpeg()
    .toBuffer();
  const [report] = await database
    .insert(foundReports)
    .values({
      species: 'dog',
      colors: ['brown', 'white'],
      size: 'large',
      lat: seen.lat + 1 / 111.2,
      lng: seen.lng,
      // As the form stores the finder's day: at noon UTC.
      foundAt: new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`),
      whereNow: 'finder',
      contact: '555-0142',
      manageTokenHash: crypto.randomBytes(32).toString('hex'),
    })
    .returning();
  await database.insert(foundReportPhotos).values({
    foundReportId: report.id,
    position: 0,
    hash: crypto.createHash('sha256').update(photo).digest('hex'),
    data: photo,
    medium: photo,
    thumbnail: photo,
  });
  await database.insert(jobs).values({ kind: 'matches.found-report', payload: { foundReportId: report.id } });
  await expect
    .poll(async () => (await (await page.request.get(`/api/pets/${pet.id}/matches`)).json()).length, {
      timeout: 20_000,
    })
    .toBe(1);
  return { pet, report };
}

const ENGLISH_REASONS = /^Dog, brown and white, (large, )?found [01]\.\d km from where .+ was last seen, 2 days after$/;

test('when a brown and white dog is found 1 km from where the owner’s dog was last seen, then the profile lists it with the reasons, and "That\'s {name}!" opens the conversation with the finder', async ({
  page,
  login,
  database,
}) => {
  await login();
  const { pet, report } = await missingDogAndFoundDog(page, database);
  await page.goto(`/pet/${pet.id}#possible-matches`);
  const section = page.getByRole('region', { name: 'Possible Matches' });
  await expect(section.getByText(ENGLISH_REASONS)).toBeVisible();
  await expect(section.getByRole('img', { name: 'The dog that was found' })).toBeVisible();
  await expectAccessibleInBothThemes(page);

  // From the keyboard: the button goes with the decision, and the focus moves to what the match now says.
  await section.getByRole('button', { name: `That's ${pet.name}!` }).press('Enter');
  await expect(section.getByText(`You said this is ${pet.name}`)).toBeVisible();
  await expect(page.locator(':focus')).toHaveText(
    `You said this is ${pet.name}: talk with the finder under Finder Reports`,
  );
  // The claim filed a finder report: the conversation with the finder is on the profile, told as the
  // found dog confirmed, with Homeward's line and no words the owner never wrote.
  const reports = page.getByRole('region', { name: /^Finder Reports/ });
  await expect(reports.getByRole('link', { name: 'See the found dog' })).toHaveAttribute(
    'href',
    `/found-pet/${report.id}`,
  );
  await expect(reports.getByText(`Told the finder: “${pet.name}'s owner says this is their pet.”`)).toBeVisible();
  await expect(reports.getByText(/Hello!/)).toHaveCount(0);
  // The match leads to that conversation.
  await section.getByRole('link', { name: 'Open the Conversation' }).click();
  await expect(page).toHaveURL(/#report-/);
  await expect(reports.getByRole('button', { name: 'Reply' })).toBeInViewport();

  // Home safe: the match the owner confirmed stays, as how the pet was found.
  expect((await page.request.patch(`/api/pets/${pet.id}`, { data: { isMissing: false } })).status()).toBe(200);
  await page.goto(`/pet/${pet.id}`);
  const history = page.getByRole('region', { name: 'Found Through Matching' });
  await expect(history.getByText("Found through Homeward's matching:")).toBeVisible();
  await expect(history.getByRole('link', { name: /^the dog found on / })).toHaveAttribute(
    'href',
    `/found-pet/${report.id}`,
  );
  await expect(page.getByRole('region', { name: 'Possible Matches' })).toHaveCount(0);
});

test.describe('an owner whose browser speaks French', () => {
  test.use({ locale: 'fr-FR' });

  test('when the matches are asked for in French, then the reasons are French words; the profile, English like the rest of the owner’s screens, shows them in English, and at 360 px "Not {name}" from the keyboard leaves the focus on the section and says so', async ({
    page,
    login,
    database,
  }) => {
    await login();
    const { pet } = await missingDogAndFoundDog(page, database);
    const french = await page.request.get(`/api/pets/${pet.id}/matches`, {
      headers: { 'accept-language': 'fr-FR,fr' },
    });
    expect((await french.json())[0].reasons.join(', ')).toMatch(
      /^Chien, marron et blanc, (grande taille, )?trouvé à [01],\d km du dernier endroit où l’on a vu .+, 2 jours après$/,
    );
    await page.setViewportSize({ width: 360, height: 740 });
    // The longest name the form takes, one word: the buttons that say it wrap within the phone's width.
    const name = `Bartholomew${'x'.repeat(39)}`;
    expect((await page.request.patch(`/api/pets/${pet.id}`, { data: { name } })).status()).toBe(200);
    await page.goto(`/pet/${pet.id}#possible-matches`);
    const section = page.getByRole('region', { name: 'Possible Matches' });
    await expect(section.getByText(ENGLISH_REASONS)).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      'no sideways scrolling',
    ).toBeLessThanOrEqual(360);

    // The only match dismissed takes its buttons away: the focus stays in the section, not the page's top.
    await section.getByRole('button', { name: `Not ${name}` }).press('Enter');
    await expect(section.getByText(`No found pet looks like ${name} yet.`)).toBeVisible();
    await expect(section).toBeFocused();
    await expectFocusVisible(page);
    await expect(section.getByRole('status')).toHaveText(`Not ${name}: the found dog is off the list.`);
  });

  test('when the owner unsubscribes from the match e-mail, then the page says so in French, the profile turns the e-mails back on, and a mail provider’s one-click POST stops them again', async ({
    page,
    login,
    database,
    playwright,
    baseURL,
  }) => {
    await login();
    const { pet } = await missingDogAndFoundDog(page, database);
    // The match is listed first; its alert, a job of its own, queues the e-mail a moment later.
    const matchEmail = async () =>
      (
        await database
          .select()
          .from(notifications)
          .where(and(eq(notifications.petId, pet.id), eq(notifications.subject, `Possible match for ${pet.name}`)))
      )[0];
    await expect.poll(matchEmail, { timeout: 20_000 }).toBeDefined();
    const email = (await matchEmail()) as NonNullable<Awaited<ReturnType<typeof matchEmail>>>;
    const link = /^<(.+)>$/.exec(email.headers?.['List-Unsubscribe'] ?? '')?.[1] as string;
    const path = new URL(link).pathname;
    expect(email.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Ne plus recevoir d’e-mails sur les correspondances possibles pour ${pet.name}`,
    );
    await page.getByRole('button', { name: 'Se désabonner' }).click();
    await expect(page.getByRole('heading', { name: 'Désabonnement effectué' })).toBeVisible();
    await expectAccessibleInBothThemes(page);

    await page.getByRole('link', { name: `Ouvrir le profil de ${pet.name}` }).click();
    const section = page.getByRole('region', { name: 'Possible Matches' });
    await expect(
      section.getByText(`You unsubscribed from e-mails about possible matches for ${pet.name}.`),
    ).toBeVisible();
    await section.getByRole('button', { name: 'Turn E-mails Back On' }).click();
    await expect(section.getByText('You unsubscribed')).toHaveCount(0);
    expect(await (await page.request.get(`/api/pets/${pet.id}/match-emails`)).json()).toEqual({ email: true });

    // RFC 8058: the mail provider posts the link itself, from its servers.
    const provider = await playwright.request.newContext();
    const posted = await provider.post(`${baseURL}${path}`, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(posted.status()).toBe(200);
    await provider.dispose();
    expect(await (await page.request.get(`/api/pets/${pet.id}/match-emails`)).json()).toEqual({ email: false });
  });
});

test.describe('for an owner fourteen hours ahead of UTC', () => {
  test.use({ locale: 'en-US', timezoneId: 'Pacific/Kiritimati' });

  test('when a found dog is listed, then it was found on the finder’s day, not the day after', async ({
    page,
    login,
    database,
  }) => {
    await login();
    const { pet, report } = await missingDogAndFoundDog(page, database);
    await page.goto(`/pet/${pet.id}#possible-matches`);
    const finderDay = report.foundAt.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    await expect(page.getByRole('region', { name: 'Possible Matches' })).toContainText(`Found on ${finderDay}`);
  });
});
