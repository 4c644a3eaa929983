import { foundPetNoun } from '../../../shared/contracts/finder-reports';
import type { Language } from '../../../shared/i18n/languages';
import { possessive } from '../../../shared/possessive';
import { translator } from '../../lib/i18n';
import { oneLine } from '../../lib/one-line';
import type { FirstContact, NewNotification } from '../notifications/notifications.service';
import type { PetOwner } from '../pets/pet-access';
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

/**
 * The e-mail that tells one of a pet's owners that the finder turned their claim down: their
 * conversation is closed, and the search goes on (matches keep coming). In the owners' language.
 */
export function claimTurnedDownEmail(
  owner: PetOwner,
  pet: { id: string; name: string },
  report: { id: string; species: string },
  publicUrl: string,
): NewNotification {
  const name = oneLine(pet.name);
  const noun = foundPetNoun(report.species);
  return {
    userId: owner.userId,
    petId: pet.id,
    recipient: owner.email,
    subject: `${name}: the finder says the found ${noun} is not ${name}`,
    body: [
      `The person who posted the found ${noun} you said is ${name} says it is not the pet they found. They closed your conversation: your messages no longer reach them.`,
      '',
      `The found ${noun}: ${publicUrl}${foundPetPath(report.id)}`,
      '',
      `${name} is still missing on Homeward: new possible matches come to you as they are posted. ${possessive(name)} profile: ${publicUrl}/pet/${pet.id}`,
      '',
      `You receive this e-mail because you own ${name} on Homeward.`,
    ].join('\n'),
  };
}
