import { type MatchReasons, POSSIBLE_MATCHES_ANCHOR } from '../../../shared/contracts/matches';
import type { PushMessage } from '../../../shared/contracts/push';
import type { Language } from '../../../shared/i18n/languages';
import { possessive } from '../../../shared/possessive';
import { translator } from '../../lib/i18n';
import { oneLine } from '../../lib/one-line';
import { foundPhotoLink } from '../found-reports/found-reports.presenter';
import type { NewNotification } from '../notifications/notifications.service';
import type { PetOwner } from '../pets/pet-access';
import { cutForPush } from '../push/push-text';
import { reasonsSentence, storedReasonsInWords } from './match-reasons';

export interface MatchToAlert {
  petId: string;
  name: string;
  foundReportId: string;
  reasons: MatchReasons | null;
  reasonWords: string[] | null;
  photoHash: string | null;
}

const profilePath = (petId: string) => `/pet/${petId}#${POSSIBLE_MATCHES_ANCHOR}`;

/** The page where an owner stops these e-mails with one button (or one POST, RFC 8058). */
export const unsubscribePath = (token: string) => `/matches/unsubscribe/${token}`;

const why = (match: MatchToAlert, language: Language) =>
  reasonsSentence(storedReasonsInWords(match, oneLine(match.name), language), language);

/** The alert on the owners' devices: 'Possible match for Bella', the reasons; a tap opens Possible Matches. */
export function matchPush(match: MatchToAlert, language: Language): PushMessage {
  const t = translator(language);
  return {
    title: cutForPush.title(t('matches.alertTitle', { name: oneLine(match.name) })),
    body: cutForPush.body(why(match, language)),
    url: profilePath(match.petId),
  };
}

/**
 * The e-mail to one owner, in `language`: the reasons, the found pet's photo and page, where to
 * answer, and a one-click unsubscribe from this pet's match e-mails, both as RFC 8058's headers and
 * as a link in the text.
 */
export function matchEmail(
  match: MatchToAlert,
  owner: PetOwner,
  { publicUrl, language, unsubscribeToken }: { publicUrl: string; language: Language; unsubscribeToken: string },
): NewNotification {
  const unsubscribeUrl = `${publicUrl}${unsubscribePath(unsubscribeToken)}`;
  const t = translator(language);
  const name = oneLine(match.name);
  const lines = [t('matches.emailIntro', { name }), '', t('matches.emailWhy', { reasons: why(match, language) })];
  if (match.photoHash)
    lines.push(
      t('matches.emailPhoto', { link: `${publicUrl}${foundPhotoLink(match.foundReportId, 0, match.photoHash)}` }),
    );
  lines.push(
    t('matches.emailPage', { link: `${publicUrl}/found-pet/${match.foundReportId}` }),
    '',
    t('matches.emailAnswer', {
      name,
      petPossessive: possessive(name),
      link: `${publicUrl}${profilePath(match.petId)}`,
    }),
    '',
    t('matches.emailWhyYou', { name }),
    t('matches.emailStop', { name, link: unsubscribeUrl }),
  );
  return {
    userId: owner.userId,
    petId: match.petId,
    recipient: owner.email,
    subject: t('matches.alertTitle', { name }),
    body: lines.join('\n'),
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
