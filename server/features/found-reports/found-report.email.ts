import type { Language } from '../../../shared/i18n/languages';
import { translator } from '../../lib/i18n';
import type { FirstContact, NewNotification } from '../notifications/notifications.service';
import { foundPetPath, managePath } from './found-report.paths';

const SPECIES_KEYS = {
  dog: 'scan.speciesDog',
  cat: 'scan.speciesCat',
  bird: 'scan.speciesBird',
  rabbit: 'scan.speciesRabbit',
  other: 'scan.speciesOther',
} as const;

/**
 * The e-mail that gives the finder their report's management link (renew, close), in the language
 * they posted in. Nothing they typed is in it: the address may be a stranger's, typed by whoever
 * posted. The first e-mail to the address says so and offers to refuse any more.
 */
export function foundReportEmail(
  {
    reportId,
    species,
    token,
    address,
    language,
  }: {
    reportId: string;
    species: string;
    token: string;
    address: string;
    language: Language;
  },
  firstContact: FirstContact | null,
  publicUrl: string,
): NewNotification {
  const t = translator(language);
  const speciesWord = t(SPECIES_KEYS[species as keyof typeof SPECIES_KEYS] ?? 'scan.speciesOther').toLowerCase();
  return {
    userId: null,
    petId: null,
    recipient: address,
    subject: t('foundPet.emailSubject'),
    body: [
      t('foundPet.emailIntro', { species: speciesWord }),
      '',
      t('foundPet.emailPage', { link: `${publicUrl}${foundPetPath(reportId)}` }),
      '',
      t('foundPet.emailManage', { link: `${publicUrl}${managePath(token)}` }),
      t('foundPet.emailKeepLink'),
      '',
      t('foundPet.emailNext'),
      '',
      ...(firstContact
        ? [t('foundPet.emailFirstContact'), '', t('email.refuse', { link: firstContact.refusalUrl })]
        : [t('foundPet.emailWhy')]),
    ].join('\n'),
  };
}
