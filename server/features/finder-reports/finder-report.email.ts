import { finderContactKind, mapLink, positionInWords, reportPlace } from '../../../shared/contracts/finder-reports';
import { possessive } from '../../../shared/possessive';
import { emailTime } from '../../lib/email-time';
import { oneLine, quoted } from '../../lib/one-line';
import type { NewNotification } from '../notifications/notifications.service';
import type { PetOwner } from '../pets/pet-access';
import type { FinderReportRow, PetAndOwners } from './finder-reports.repository';

/**
 * The e-mail that tells an owner (the creator or a co-owner) where a finder saw their pet. Each thing
 * the finder typed is one labelled line ('Where:', 'From:', 'Message:'), so nothing they write can
 * pass for our text.
 */
export function finderReportEmail(
  pet: PetAndOwners,
  owner: PetOwner,
  report: FinderReportRow,
  publicUrl: string,
): NewNotification {
  const name = oneLine(pet.name);
  const { place, position } = reportPlace(report);
  const lines = [
    `Someone scanned ${possessive(name)} tag and shared where they found ${name}.`,
    '',
    `Where: ${place ? oneLine(place) : 'Shared GPS position'}`,
  ];
  if (position) {
    lines.push(`Shared GPS position: ${positionInWords(position.latitude, position.longitude)}`);
    lines.push(`Map: ${mapLink(position.latitude, position.longitude)}`);
  }
  lines.push(
    `From: ${oneLine(report.finderName ?? '') || 'The finder did not leave a name'}`,
    `Reported: ${emailTime(report.createdAt, owner.timeZone)}`,
  );
  // A phone number is for the owner to call; an e-mail address is never passed on (replies go through Homeward).
  if (finderContactKind(report.finderContact) === 'phone') lines.push(`Phone: ${oneLine(report.finderContact ?? '')}`);
  const message = quoted(report.message ?? '');
  if (message) lines.push('Message:', message);
  lines.push(
    '',
    `See every report on ${possessive(name)} profile and reply to the finder: ${publicUrl}/pet/${pet.id}`,
    '',
    `You receive this e-mail because ${possessive(name)} Homeward tag was scanned.`,
  );
  return {
    userId: owner.userId,
    petId: pet.id,
    recipient: owner.email,
    subject: `${name}: a finder shared a location`,
    body: lines.join('\n'),
  };
}
