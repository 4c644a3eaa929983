import { POSSIBLE_MATCHES_ANCHOR } from '../../../shared/contracts/matches';
import type { PushMessage } from '../../../shared/contracts/push';
import { possessive } from '../../../shared/possessive';
import { oneLine } from '../../lib/one-line';
import { foundPhotoLink } from '../found-reports/found-reports.presenter';
import type { NewNotification } from '../notifications/notifications.service';
import type { PetOwner } from '../pets/pet-access';
import { cutForPush } from '../push/push-text';
import { reasonsSentence } from './match-score';

export interface MatchToAlert {
  petId: string;
  name: string;
  foundReportId: string;
  reasons: string[];
  photoHash: string | null;
}

const profilePath = (petId: string) => `/pet/${petId}#${POSSIBLE_MATCHES_ANCHOR}`;

/** The alert on the owners' devices: 'Possible match for Bella', the reasons; a tap opens Possible Matches. */
export function matchPush(match: MatchToAlert): PushMessage {
  return {
    title: cutForPush.title(`Possible match for ${match.name}`),
    body: cutForPush.body(reasonsSentence(match.reasons)),
    url: profilePath(match.petId),
  };
}

/** The e-mail to one owner: the reasons, the found pet's photo and page, and where to answer. */
export function matchEmail(match: MatchToAlert, owner: PetOwner, publicUrl: string): NewNotification {
  const name = oneLine(match.name);
  const lines = [`Someone found a pet that may be ${name}.`, '', `Why: ${reasonsSentence(match.reasons)}`];
  if (match.photoHash) lines.push(`Photo: ${publicUrl}${foundPhotoLink(match.foundReportId, 0, match.photoHash)}`);
  lines.push(
    `The found pet's page: ${publicUrl}/found-pet/${match.foundReportId}`,
    '',
    `Is it ${name}? Say "That's ${name}!" or "Not ${name}" under Possible Matches on ${possessive(name)} profile: ${publicUrl}${profilePath(match.petId)}`,
    '',
    `You receive this e-mail because ${name} is reported missing on Homeward.`,
  );
  return {
    userId: owner.userId,
    petId: match.petId,
    recipient: owner.email,
    subject: `Possible match for ${name}`,
    body: lines.join('\n'),
  };
}
