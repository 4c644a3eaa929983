import crypto from 'node:crypto';
import sharp from 'sharp';
import { foundReportPhotos, foundReports, jobs } from '../../shared/schema';
import { createPet, expect, expectAccessibleInBothThemes, test } from './fixtures';

// Possible Matches on a missing pet's profile: a found dog near where it was last seen is listed
// with why, and the owner says it is theirs.

/** A place of this test's own, far from any other test's pets and found pets (the database outlives a run). */
const aPlace = () => ({
  lat: 20 + crypto.randomInt(0, 1_000_000) / 100_000,
  lng: 60 + crypto.randomInt(0, 4_000_000) / 100_000,
});
const twoDaysAgo = () => new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

test('when a brown and white dog is found 1 km from where the owner’s dog was last seen, then the profile lists it with the reasons, and "That\'s {name}!" opens the conversation with the finder', async ({
  page,
  login,
  database,
}) => {
  await login();
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
      foundAt: new Date(),
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

  // The owner opens the profile once the matching job has run (the alert says when); the list is read on opening.
  await expect
    .poll(async () => (await (await page.request.get(`/api/pets/${pet.id}/matches`)).json()).length, {
      timeout: 20_000,
    })
    .toBe(1);
  await page.goto(`/pet/${pet.id}#possible-matches`);
  const section = page.getByRole('region', { name: 'Possible Matches' });
  await expect(
    section.getByText(/^Dog, brown and white, (large, )?found [01]\.\d km from where .+ was last seen, 2 days after$/),
  ).toBeVisible();
  await expect(section.getByRole('img', { name: 'The dog that was found' })).toBeVisible();
  await expectAccessibleInBothThemes(page);

  await section.getByRole('button', { name: `That's ${pet.name}!` }).click();
  await expect(section.getByText(`You said this is ${pet.name}`)).toBeVisible();
  // The claim filed a finder report: the conversation with the finder is on the profile.
  await expect(page.getByText(`/found-pet/${report.id}`).first()).toBeVisible();
});
