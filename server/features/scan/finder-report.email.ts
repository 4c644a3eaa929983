import { finderContactKind, mapLink, reportPlace } from '../../../shared/contracts/finder-reports';
import type { NewNotification } from '../notifications/notifications.service';
import type { FinderReportRow, PetAndOwner } from './scan.repository';

// A name typed by a person must not be able to start a new mail header.
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/** The e-mail that tells an owner where a finder saw their pet. */
export function finderReportEmail(pet: PetAndOwner, report: FinderReportRow, publicUrl: string): NewNotification {
  const name = oneLine(pet.name);
  const { place, position } = reportPlace(report);
  const lines = [
    `Someone scanned ${name}'s tag and shared where they found ${name}.`,
    '',
    `Where: ${place ? oneLine(place) : 'Shared GPS position'}`,
  ];
  if (position) {
    if (place) lines.push(`Shared GPS position: ${position.latitude}, ${position.longitude}`);
    lines.push(`Map: ${mapLink(position.latitude, position.longitude)}`);
  }
  lines.push(
    `Who: ${report.finderName?.trim() ? oneLine(report.finderName) : 'The finder did not leave a name'}`,
    `When: ${report.createdAt.toUTCString()}`,
  );
  // A phone number is for the owner to call; an e-mail address is never passed on (replies go through Homeward).
  if (finderContactKind(report.finderContact) === 'phone') lines.push(`Phone: ${report.finderContact}`);
  if (report.message?.trim()) lines.push('', 'Their message:', report.message.trim());
  lines.push(
    '',
    `See every report on ${name}'s profile and reply to the finder: ${publicUrl}/pet/${pet.id}`,
    '',
    `You receive this e-mail because ${name}'s Homeward tag was scanned.`,
  );
  return {
    userId: pet.userId,
    recipient: pet.ownerEmail,
    subject: `${name}: a finder shared a location`,
    body: lines.join('\n'),
  };
}
