import { mapLink } from '../../../shared/contracts/finder-reports';
import { possessive } from '../../../shared/possessive';
import type { NewNotification } from '../notifications/notifications.service';
import type { FinderReportRow, PetAndOwner } from './scan.repository';

// A name typed by a person must not be able to start a new mail header.
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/** The e-mail that tells an owner where a finder saw their pet. */
export function finderReportEmail(pet: PetAndOwner, report: FinderReportRow, publicUrl: string): NewNotification {
  const name = oneLine(pet.name);
  const lines = [
    `Someone scanned ${possessive(name)} tag and shared where they found ${name}.`,
    '',
    `Where: ${report.finderLocation}`,
    `Who: ${report.finderName?.trim() || 'The finder did not leave a name'}`,
    `When: ${report.createdAt.toUTCString()}`,
  ];
  if (report.finderLatitude && report.finderLongitude) {
    lines.push(`Map: ${mapLink(report.finderLatitude, report.finderLongitude)}`);
  }
  if (report.message?.trim()) lines.push('', 'Their message:', report.message.trim());
  lines.push(
    '',
    `See every report on ${possessive(name)} profile: ${publicUrl}/pet/${pet.id}`,
    '',
    `You receive this e-mail because ${possessive(name)} Homeward tag was scanned.`,
  );
  return {
    userId: pet.userId,
    recipient: pet.ownerEmail,
    subject: `${name}: a finder shared a location`,
    body: lines.join('\n'),
  };
}
