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
 * after its pet. Secrets (the calendar link, a finder's conversation link) and bookkeeping columns
 * stay out.
 */
export function presentAccountExport(data: AccountData, exportedAt: Date) {
  const petNames = new Map(data.pets.map((pet) => [pet.id, pet.name]));
  const photos = new Map(
    data.photos.map(({ petId, data: bytes, contentType }) => {
      const file = `photos/${slug(petNames.get(petId) ?? '')}-${petId.slice(0, 8)}.${EXTENSIONS[contentType] ?? 'jpg'}`;
      return [petId, { file, bytes }];
    }),
  );
  const { account } = data;

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
      // A finder's e-mail address is never the owner's to see (replies go through Homeward); a phone is.
      finderContact: finderContactKind(finderContact) === 'phone' ? finderContact : null,
      petName: petNames.get(report.petId) ?? null,
      messages: data.messages
        .filter((message) => message.reportId === report.id)
        .map(({ author, body, createdAt }) => ({ author, body, createdAt })),
    })),
  };
  return { document, photos: [...photos.values()] };
}
