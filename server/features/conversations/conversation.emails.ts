import { conversationPath } from '../../../shared/contracts/conversations';
import { foundPetNoun, reportPlace } from '../../../shared/contracts/finder-reports';
import { foundPetPath } from '../../../shared/contracts/found-pet-path';
import { DEFAULT_LANGUAGE, type Language, supportedLanguage } from '../../../shared/i18n/languages';
import { possessive } from '../../../shared/possessive';
import { emailTime } from '../../lib/email-time';
import { translator } from '../../lib/i18n';
import { oneLine, quoted } from '../../lib/one-line';
import type { FirstContact, NewNotification } from '../notifications/notifications.service';
import type { PetOwner } from '../pets/pet-access';
import type { ConversationRow, MessageRow } from './conversations.repository';

/** The e-mail that tells one of a pet's owners that the finder wrote in their conversation. */
export function finderMessageEmail(
  owner: PetOwner,
  { pet, report, subject, claimed }: ConversationRow,
  message: MessageRow,
  publicUrl: string,
): NewNotification {
  const name = oneLine(pet.name);
  if (subject.sightingId) return sighterMessageEmail(owner, pet, subject.sightingId, message, publicUrl);
  // A claim's finder found a pet the owner says is theirs: not, as far as anyone knows yet, this one.
  const finder = claimed ? `the finder of the ${foundPetNoun(claimed.species)} you said is ${name}` : 'the finder';
  return {
    userId: owner.userId,
    petId: pet.id,
    recipient: owner.email,
    subject: `${name}: ${finder} wrote to you`,
    body: [
      claimed
        ? `The person who found the ${foundPetNoun(claimed.species)} you said is ${name} sent you a message.`
        : `The person who found ${name} sent you a message.`,
      '',
      `From: ${report.finderName?.trim() ? oneLine(report.finderName) : 'The finder did not leave a name'}`,
      `Sent: ${emailTime(message.createdAt, owner.timeZone)}`,
      '',
      'Their message:',
      quoted(message.body),
      '',
      `Read the report and reply on ${possessive(name)} profile: ${publicUrl}/pet/${pet.id}#report-${report.id}`,
      ...(claimed
        ? [`The found ${foundPetNoun(claimed.species)}: ${publicUrl}${foundPetPath(claimed.foundReportId)}`]
        : []),
      '',
      `You receive this e-mail because you own ${name} on Homeward.`,
    ].join('\n'),
  };
}

/** As above, when the person who saw the pet (a sighting's) wrote: they have no name on Homeward. */
function sighterMessageEmail(
  owner: PetOwner,
  pet: ConversationRow['pet'],
  sightingId: string,
  message: MessageRow,
  publicUrl: string,
): NewNotification {
  const name = oneLine(pet.name);
  return {
    userId: owner.userId,
    petId: pet.id,
    recipient: owner.email,
    subject: `${name}: the person who saw ${name} wrote to you`,
    body: [
      `The person who saw ${name} sent you a message.`,
      '',
      `Sent: ${emailTime(message.createdAt, owner.timeZone)}`,
      '',
      'Their message:',
      quoted(message.body),
      '',
      `Read the sighting and reply on ${possessive(name)} profile: ${publicUrl}/pet/${pet.id}#sighting-${sightingId}`,
      '',
      `You receive this e-mail because you own ${name} on Homeward.`,
    ].join('\n'),
  };
}

/** The language a finder reported in, which everything sent to them is written in. */
export const reportLanguage = (report: { locale: string }): Language =>
  supportedLanguage(report.locale) ?? DEFAULT_LANGUAGE;

/**
 * The e-mail that carries an owner's reply to a finder who left an e-mail address, in the language
 * the finder reported in. It names no owner's address: the finder answers on their conversation
 * page, whose link (`token`, this e-mail's own) it carries. Its subject holds none of the words
 * people typed: the address may be a stranger's, given by whoever filed the report. The first
 * e-mail to the address says so and offers to refuse any more.
 *
 * When an owner's claim of a found pet opened the conversation, the finder sent the owner no
 * report: it speaks of the pet they found, which the owner says is theirs. `announcesClaim`: this
 * e-mail tells them of the claim itself, with the owner's first words if they wrote any (`message`).
 */
export function ownerReplyEmail(
  {
    finderEmail,
    token,
    firstContact,
    announcesClaim = false,
    timeZone = null,
  }: {
    finderEmail: string;
    token: string;
    firstContact: FirstContact | null;
    announcesClaim?: boolean;
    /** The writing owner's time zone: the pet's home, where its finder most likely is (else UTC). */
    timeZone?: string | null;
  },
  { pet, report, subject, claimed }: ConversationRow,
  message: MessageRow | null,
  publicUrl: string,
): NewNotification {
  const lang = reportLanguage(report);
  const t = translator(lang);
  const name = oneLine(pet.name);
  const words = { name, petPossessive: possessive(name) };
  const link = `${publicUrl}${conversationPath(token)}`;
  // What the owner wrote, when they did: a claim may come without words.
  const said = message
    ? [
        t('email.sentAt', { time: emailTime(message.createdAt, timeZone, lang) }),
        '',
        t(claimed ? 'email.theirMessage' : 'email.theirReply'),
        quoted(message.body),
      ]
    : [];
  const closing = ['', t('email.readAndAnswer', { link }), '', t('email.keepLink')];
  if (claimed) {
    return {
      userId: null,
      petId: pet.id,
      recipient: finderEmail,
      subject: t(announcesClaim ? 'email.claimSubject' : 'email.claimReplySubject'),
      body: [
        t(announcesClaim ? 'email.claimIntro' : 'email.claimReplyIntro', words),
        '',
        t('email.claimFoundPet', { link: `${publicUrl}${foundPetPath(claimed.foundReportId)}` }),
        ...said,
        ...closing,
        ...(firstContact
          ? [t('foundPet.emailFirstContact'), '', t('email.refuse', { link: firstContact.refusalUrl })]
          : [t('foundPet.emailWhy')]),
      ].join('\n'),
    };
  }
  const { place } = reportPlace(report);
  return {
    userId: null,
    petId: pet.id,
    recipient: finderEmail,
    subject: t('email.replySubject'),
    body: [
      t('email.replyIntro', words),
      '',
      t('email.pet', words),
      t(subject.sightingId ? 'sighting.emailWhereSeen' : 'email.whereFound', {
        ...words,
        place: place ? oneLine(place) : t('email.sharedPosition'),
      }),
      ...said,
      ...closing,
      ...(firstContact
        ? [
            t(subject.sightingId ? 'sighting.emailFirstContact' : 'email.firstContact', words),
            '',
            t('email.refuse', { link: firstContact.refusalUrl }),
          ]
        : [t('email.why', words)]),
    ].join('\n'),
  };
}
