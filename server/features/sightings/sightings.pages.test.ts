import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, rateLimits, sightings } from '../../../shared/schema';
import { insertPet, signedInOwner } from '../../../tests/support/factories';
import { Session } from '../../../tests/support/session';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { png } from '../pets/test-images';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());
beforeEach(async () => {
  await app.database.db.delete(rateLimits).where(like(rateLimits.key, 'sightings%'));
});

async function missingPet(overrides = {}) {
  const owner = await signedInOwner(app);
  return { owner, pet: await insertPet(app.database.db, owner.user.id, { isMissing: true, ...overrides }) };
}

/**
 * Posts the form as a browser without scripts does: multipart (its photo input sends an empty part
 * when no file is chosen), from the page's own origin.
 */
const postForm = (
  petId: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  photo = new Blob([]),
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('photo', photo, photo.size ? 'dog.png' : '');
  return fetch(`${app.url}/scan/${petId}/seen`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { origin: app.url, ...headers },
  });
};

const textOf = async (res: Response) => (await res.text()).replaceAll('<!-- -->', '');
const sightingsOf = (petId: string) => app.database.db.select().from(sightings).where(eq(sightings.petId, petId));

describe("the 'I Saw This Pet' form without scripts", () => {
  it('when it is opened, then the server renders a labelled form with no script', async () => {
    const { pet } = await missingPet();
    const res = await new Session(app.url).raw('GET', `/scan/${pet.id}/seen`);
    expect(res.status).toBe(200);
    const html = await textOf(res);
    expect(html).toContain(`Where did you see ${pet.name}?`);
    for (const id of ['location', 'when', 'heading', 'note', 'photo', 'contact'])
      expect(html).toContain(`for="sighting-${id}"`);
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/<form[^>]*encType="multipart\/form-data"/);
    expect(html).not.toContain('<script');
  });

  it('when it is posted, then the sighting is stored, the owner e-mailed, and the thank-you says what happens next', async () => {
    const { owner, pet } = await missingPet();
    const posted = await postForm(pet.id, {
      location: 'Behind the library, Elm St',
      minutesAgo: '30',
      heading: 'west',
      note: 'Ran off when I called',
      contact: '555-0142-999',
    });
    expect(posted.status).toBe(303);
    const thankYou = await new Session(app.url).raw('GET', posted.headers.get('location') ?? '');
    const html = await textOf(thankYou);
    expect(html).toContain('Thank You!');
    expect(html).toContain(`has been told right away`);
    expect(html).toMatch(/href="\/c\/[A-Za-z0-9_-]{32}"/);

    const [stored] = await sightingsOf(pet.id);
    expect(stored).toMatchObject({ location: 'Behind the library, Elm St', heading: 'west', contact: '555-0142-999' });
    const minutesAgo = (Date.now() - stored.seenAt.getTime()) / 60_000;
    expect(minutesAgo).toBeGreaterThan(29);
    expect(minutesAgo).toBeLessThan(31);
    const mails = await app.database.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(mails[0].subject).toBe(`${pet.name} was seen behind the library, Elm St`);
  });

  it("when a phone's own photo is chosen, then the owners get it re-encoded; a file that is no photo is refused with what was typed kept", async () => {
    const { pet } = await missingPet();
    const refused = await postForm(pet.id, { location: 'By the pond' }, {}, new Blob(['not a photo']));
    expect(refused.status).toBe(400);
    const html = await textOf(refused);
    expect(html).toContain('This file could not be read as a photo.');
    expect(html).toContain('By the pond');
    expect(await sightingsOf(pet.id)).toEqual([]);
    // A photo sent with a place left empty is gone with the refusal: the page says to choose it again.
    const noPlace = await postForm(pet.id, { location: ' ' }, {}, new Blob([new Uint8Array(png(40, 30))]));
    expect(await textOf(noPlace)).toContain('Your photo was not kept: please choose it again.');
    expect(await textOf(await postForm(pet.id, { location: ' ' }))).not.toContain('was not kept');

    // Larger than the dialog's resized photos (4,200 px wide): as the phone took it.
    const posted = await postForm(pet.id, { location: 'By the pond' }, {}, new Blob([new Uint8Array(png(4200, 40))]));
    expect(posted.status).toBe(303);
    const [stored] = await sightingsOf(pet.id);
    expect(stored.photo?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('when the place is left empty, then the form comes back filled in with the reason, the note as text even where it looks like markup, and nothing is stored', async () => {
    const { pet } = await missingPet();
    const empty = await postForm(pet.id, { location: ' ', note: 'Brown dog <b>limping</b> <3' });
    expect(empty.status).toBe(400);
    const html = await textOf(empty);
    expect(html).toContain('Where: Please describe the place where you saw the pet.');
    expect(html).toContain('Brown dog &lt;b&gt;limping&lt;/b&gt; &lt;3');
    expect(html).not.toContain('<b>limping');
    expect(await sightingsOf(pet.id)).toEqual([]);
  });

  it('when several fields are wrong, then each says why beside itself, marked and described by it, all at once, with the focus on the first', async () => {
    const { pet } = await missingPet();
    const res = await postForm(pet.id, { location: ' ', minutesAgo: 'tomorrow', note: '<b>hi</b>', contact: 'nobody' });
    expect(res.status).toBe(400);
    const html = await textOf(res);
    const refused = {
      location: 'Where: Please describe the place where you saw the pet.',
      when: 'When:',
      contact: 'Your Phone or Email: Please enter a phone number or an email address',
    };
    for (const [id, reason] of Object.entries(refused)) {
      const control = new RegExp(`<(?:input|select|textarea)[^>]*\\bid="sighting-${id}"[^>]*>`).exec(html)?.[0] ?? '';
      expect(control, id).toContain('aria-invalid="true"');
      const [first] = /aria-describedby="([^"]+)"/.exec(control)?.[1].split(' ') ?? [];
      expect(new RegExp(`id="${first}"[^>]*>([^<]*)<`).exec(html)?.[1], id).toContain(reason);
    }
    // What was right is not marked (a note is plain text, whatever it holds); nothing is said at the top; the focus is on the place, the first to mend.
    expect(/<select[^>]*id="sighting-heading"[^>]*>/.exec(html)?.[0]).not.toContain('aria-invalid="true"');
    expect(/<textarea[^>]*id="sighting-note"[^>]*>/.exec(html)?.[0]).not.toContain('aria-invalid="true"');
    expect(html).not.toContain('role="alert"');
    const focused = [...html.matchAll(/<(?:input|select|textarea)[^>]*\bautofocus=""[^>]*>/g)];
    expect(focused.map(([control]) => /\bid="([^"]+)"/.exec(control)?.[1])).toEqual(['sighting-location']);

    // The place given, the focus goes to the next field to mend.
    const next = await textOf(await postForm(pet.id, { location: 'By the bakery', contact: 'nobody' }));
    const nextFocused = [...next.matchAll(/<(?:input|select|textarea)[^>]*\bautofocus=""[^>]*>/g)];
    expect(nextFocused.map(([control]) => /\bid="([^"]+)"/.exec(control)?.[1])).toEqual(['sighting-contact']);
    expect(await sightingsOf(pet.id)).toEqual([]);
  });

  it('when how long ago is not one the form offers, then the form comes back with the reason, and nothing is stored', async () => {
    const { pet } = await missingPet();
    for (const minutesAgo of ['tomorrow', '-60', '5']) {
      const res = await postForm(pet.id, { location: 'By the bakery', minutesAgo });
      expect(res.status, minutesAgo).toBe(400);
      expect(await textOf(res)).toContain('By the bakery');
    }
    expect(await sightingsOf(pet.id)).toEqual([]);
  });

  it('when the finder reads Spanish, then the form is in Spanish', async () => {
    const { pet } = await missingPet();
    const res = await new Session(app.url).raw('GET', `/scan/${pet.id}/seen?lang=es`);
    expect(await textOf(res)).toContain(`¿Dónde viste a ${pet.name}?`);
  });

  it('when the pet is safe, then the page says no sighting is needed and a post stores none', async () => {
    const { pet } = await missingPet({ isMissing: false });
    const page = await textOf(await new Session(app.url).raw('GET', `/scan/${pet.id}/seen`));
    expect(page).toContain(`${pet.name} is not reported missing`);
    expect((await postForm(pet.id, { location: 'Park' })).status).toBe(409);
    expect(await sightingsOf(pet.id)).toEqual([]);
  });

  it('when posted from another site, then 403 and nothing is stored', async () => {
    const { pet } = await missingPet();
    const res = await postForm(pet.id, { location: 'Park' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await sightingsOf(pet.id)).toEqual([]);
  });
});

describe("'I Saw This Pet' links", () => {
  it('when a missing pet is on the /lost board, then its card links to its sighting form, described by the pet’s name', async () => {
    const { pet } = await missingPet({ lastSeenLat: 40.7128, lastSeenLng: -74.006 });
    const board = await textOf(await new Session(app.url).raw('GET', '/lost?lat=40.7128&lng=-74.006&km=1'));
    expect(board).toContain(`href="/scan/${pet.id}/seen"`);
    // The name's id is its place in the list (short: fifty of them fit the page's 40 KB).
    const name = new RegExp(`<b id="([\\w-]+)">${pet.name}</b>`).exec(board);
    expect(name).not.toBeNull();
    expect(board).toMatch(
      new RegExp(`href="/scan/${pet.id}/seen" data-sighting-dialog="[^"]*" aria-describedby="${name?.[1]}"`),
    );
  });
});
