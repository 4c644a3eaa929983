import { finderContactKind } from '../../../shared/contracts/finder-reports';
import type { AccountData } from './account.repository';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** A file name from a pet's name that any system can store: "Mr. Biscuit!" becomes "mr-biscuit". */
const slug = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'pet';

/**
 * The owner's data as they take it away: one JSON document, and each photo as its own file, named
 * after its pet (a sighting's photo after its pet and the sighting). Secrets (the calendar link, a
 * finder's or sighter's conversation link) and bookkeeping columns stay out.
 */
export function presentAccountExport(data: AccountData, exportedAt: Date) {
  const petNames = new Map(data.pets.map((pet) => [pet.id, pet.name]));
  const photos = new Map(
    data.photos.map(({ petId, data: bytes, contentType }) => {
      const file = `photos/${slug(petNames.get(petId) ?? '')}-${petId.slice(0, 8)}.${EXTENSIONS[contentType] ?? 'jpg'}`;
      return [petId, { file, bytes }];
    }),
  );
  // A sighting's photo is always a JPEG: the server re-encodes every one (decision 0032).
  const sightingPhotos = new Map(
    data.sightings.flatMap(({ id, petId, photo }) =>
      photo
        ? [[id, { file: `photos/sightings/${slug(petNames.get(petId) ?? '')}-${id.slice(0, 8)}.jpg`, bytes: photo }]]
        : [],
    ),
  );
  const { account } = data;
  // Of a contact the owners see a phone number (to call back), never an e-mail address: replies go through Homeward.
  const phoneOnly = (contact: string | null) => (finderContactKind(contact) === 'phone' ? contact : null);

  const document = {
    exportedAt,
    account: {
      id: account.id,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      profileImageUrl: account.profileImageUrl,
      createdAt: account.createdAt,
    },
    pets: data.pets.map(
      ({
        userId: _user,
        photoHash: _hash,
        reportsSeenAt: _seen,
        contactReminderSentAt: _asked,
        lastScanAlertAt: _alerted,
        ...pet
      }) => ({
        ...pet,
        photoFile: photos.get(pet.id)?.file ?? null,
      }),
    ),
    reminders: data.reminders.map(({ userId: _user, ...reminder }) => ({
      ...reminder,
      petName: petNames.get(reminder.petId) ?? null,
    })),
    orders: data.orders.map(({ order: { userId: _user, ...order }, productName }) => ({ ...order, productName })),
    watchAreas: data.watchAreas.map(({ userId: _user, ...area }) => area),
    finderReports: data.reports.map(({ userId: _user, finderContact, ...report }) => ({
      ...report,
      finderContact: phoneOnly(finderContact),
      petName: petNames.get(report.petId) ?? null,
      messages: data.messages
        .filter((message) => message.reportId === report.id)
        .map(({ author, body, createdAt }) => ({ author, body, createdAt })),
    })),
    // What the owners see of each sighting on the profile, the exact point included; hidden ones
    // too (with when they were hidden). Nothing says who the sighter is, nor how to reach them: the
    // owners reply through Homeward (decision 0032).
    sightings: data.sightings.map(({ photo: _photo, photoHash: _hash, locale: _locale, contact, ...sighting }) => ({
      ...sighting,
      hasContact: finderContactKind(contact) !== null,
      petName: petNames.get(sighting.petId) ?? null,
      photoFile: sightingPhotos.get(sighting.id)?.file ?? null,
      messages: data.sightingMessages
        .filter((message) => message.sightingId === sighting.id)
        .map(({ author, body, createdAt }) => ({ author, body, createdAt })),
    })),
  };
  return { document, photos: [...photos.values(), ...sightingPhotos.values()] };
}
