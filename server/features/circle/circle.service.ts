import crypto from 'node:crypto';
import { INVITATION_DAYS, type InvitationRequest, type InvitationView } from '../../../shared/contracts/circle';
import type { UsersService } from '../../auth/users.service';
import type { Db } from '../../db/connection';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { addressHash, type NotificationsService } from '../notifications/notifications.service';
import { invitationEmail, leftEmail, removedEmail } from './circle.emails';
import { displayName, presentCircle, presentInvitation } from './circle.presenter';
import * as repository from './circle.repository';
import { TOKEN_BYTES } from './circle.schemas';

const DAY_MS = 86_400_000;

// Only a hash of a token is stored (DESIGN section 6): the e-mail holds the one copy of the link.
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const gone = (message: string) => new AppError(410, 'gone', message);
// Said when the address may not be e-mailed now (see `queueToAddress`); the owner can act on it.
const ADDRESS_HELD_BACK =
  'Homeward cannot e-mail this address now: its owner has not yet opened the e-mail we sent, or asked for no more.';
const onlyCreator = (what: string) => forbidden(`Only the pet's creator can ${what}.`);

interface CircleDeps {
  db: Db;
  publicUrl: string;
  notifications: NotificationsService;
  users: UsersService;
}

/**
 * The Safety Circle: the pet's creator invites people by e-mail to co-own it, and alone removes
 * them; a member may leave. Who may read and edit is pet-access.ts; this is who is in the circle.
 */
export function createCircleService({ db, publicUrl, notifications, users }: CircleDeps) {
  /** The invitation behind a token, or the error a person holding that link should see. */
  async function usableInvitation(token: string) {
    const invitation = await repository.findInvitation(db, hashToken(token));
    if (!invitation) throw notFound('Invitation');
    // The link came by e-mail: whoever opens it reads the address's mail.
    if (invitation.email) await notifications.confirmAddress(addressHash(invitation.email));
    if (invitation.usedAt) throw gone('This invitation has already been used.');
    if (invitation.expiresAt.getTime() <= Date.now()) throw gone('This invitation has expired.');
    return invitation;
  }

  /** Whether `userId` may accept `invitation`: the creator cannot, nor an account of another address. */
  async function acceptorOf(
    invitation: { creatorId: string; email: string | null },
    userId: string,
  ): Promise<NonNullable<InvitationView['forViewer']>> {
    if (invitation.creatorId === userId) return 'yours';
    const { email } = await users.current(userId);
    return email.toLowerCase() === invitation.email?.toLowerCase() ? 'yes' : 'another-address';
  }

  /** The pet, when `userId` created it; a co-owner is told only the creator may `what`. */
  async function createdPet(userId: string, petId: string, what: string) {
    const pet = await repository.findCreatedPet(db, petId, userId);
    if (pet) return pet;
    if (await repository.findAccessiblePet(db, petId, userId)) throw onlyCreator(what);
    throw notFound('Pet');
  }

  return {
    async circleOf(userId: string, petId: string) {
      const pet = await repository.findAccessiblePet(db, petId, userId);
      if (!pet) throw notFound('Pet');
      const circle = await repository.listCircle(db, petId);
      const pending = pet.creatorId === userId ? await repository.listPendingInvitations(db, petId) : [];
      return presentCircle(circle, pending);
    },

    /**
     * Sends a single-use link, valid for a week, to the address; only the creator may. Sending again
     * to an address replaces what was sent before: one invitation a person, the newest link. When
     * the address may not be e-mailed now, nothing changes (the link sent before still works): 409.
     */
    async invite(userId: string, petId: string, { email }: InvitationRequest): Promise<void> {
      const pet = await createdPet(userId, petId, 'invite co-owners');
      if (email === pet.creator.email.toLowerCase()) throw conflict('You already own this pet.');
      const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
      const notification = await db.transaction(async (tx) => {
        await repository.cancelInvitations(tx, petId, email);
        await repository.insertInvitation(tx, {
          tokenHash: hashToken(token),
          petId,
          createdBy: userId,
          email,
          expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
        });
        const message = { petId, petName: pet.name, invitedBy: displayName(pet.creator), email, token };
        const queued = await notifications.queueToAddress(
          email,
          (firstContact) => invitationEmail(message, firstContact, publicUrl),
          tx,
        );
        if (!queued) throw conflict(ADDRESS_HELD_BACK);
        return queued;
      });
      logger.info({ petId, userId }, 'co-owner invited');
      void notifications.deliver(notification);
    },

    /** The creator withdraws what they sent to an address: its link no longer opens anything. */
    async cancelInvitation(userId: string, petId: string, { email }: InvitationRequest): Promise<void> {
      await createdPet(userId, petId, 'cancel invitations');
      if (!(await repository.cancelInvitations(db, petId, email))) throw notFound('Invitation');
      logger.info({ petId, userId }, 'co-owner invitation cancelled');
    },

    /**
     * What the invited person sees before accepting: the pet's name, who invited them and, when
     * signed in, whether this account may accept it (so that the wrong one is told before it tries).
     */
    async invitation(token: string, viewerId?: string) {
      const invitation = await usableInvitation(token);
      return {
        ...presentInvitation(invitation),
        ...(viewerId && { forViewer: await acceptorOf(invitation, viewerId) }),
      };
    },

    /**
     * Adds the signed-in person to the pet's circle, when the invitation was sent to their address
     * and their identity provider vouches for it.
     */
    async accept(userId: string, token: string) {
      const invitation = await usableInvitation(token);
      const acceptor = await acceptorOf(invitation, userId);
      if (acceptor === 'yours') throw conflict('You already own this pet.');
      if (acceptor === 'another-address')
        throw forbidden('This invitation was sent to another e-mail address. Sign in with that address to accept it.');
      const { emailVerified } = await users.current(userId);
      // Anyone can type an address into a provider that does not check it: only a vouched one proves
      // that this account is the person the invitation was sent to.
      if (!emailVerified)
        throw forbidden(
          'Your sign-in provider has not verified your e-mail address. Verify it with them, sign in again, then accept.',
        );
      if (!(await repository.acceptInvitation(db, hashToken(token), invitation.petId, userId)))
        throw gone('This invitation has already been used.');
      logger.info({ petId: invitation.petId, userId }, 'co-owner joined');
      return { petId: invitation.petId };
    },

    /**
     * The creator removes a member, who is told by e-mail; a member removes themself (leaves), and
     * the creator is told. Either way, one person fewer gets the pet's alerts.
     */
    async removeMember(userId: string, petId: string, memberId: string): Promise<void> {
      const pet = await repository.findAccessiblePet(db, petId, userId);
      if (!pet) throw notFound('Pet');
      const leaving = memberId === userId;
      if (pet.creatorId !== userId && !leaving) throw onlyCreator('remove co-owners');
      const { creator, members } = await repository.listCircle(db, petId);
      const member = members.find((m) => m.userId === memberId);
      if (!member) throw notFound('Member');
      const change = { petId, petName: pet.name };
      const email = leaving
        ? leftEmail({ ...change, by: displayName(member), to: creator }, publicUrl)
        : removedEmail({ ...change, by: displayName(creator), to: member });
      const notification = await db.transaction(async (tx) => {
        if (!(await repository.removeMember(tx, petId, memberId))) throw notFound('Member');
        return notifications.queue(email, tx);
      });
      logger.info({ petId, userId, memberId }, leaving ? 'co-owner left' : 'co-owner removed');
      void notifications.deliver(notification);
    },
  };
}

export type CircleService = ReturnType<typeof createCircleService>;
