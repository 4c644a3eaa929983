import type { CircleMember, InvitationView, SafetyCircle } from '../../../shared/contracts/circle';
import type { Person } from './circle.repository';

/** How a person is named to the others of a circle: their name, or their address when they gave none. */
export const displayName = ({ firstName, lastName, email }: Person) =>
  [firstName, lastName].filter(Boolean).join(' ').trim() || email;

const presentMember = (member: Person & { userId: string }, isCreator: boolean): CircleMember => ({
  userId: member.userId,
  name: displayName(member),
  isCreator,
});

export function presentCircle(
  circle: { creator: Person & { userId: string }; members: (Person & { userId: string })[] },
  pending: { email: string | null; expiresAt: Date }[],
): SafetyCircle {
  return {
    members: [presentMember(circle.creator, true), ...circle.members.map((m) => presentMember(m, false))],
    pendingInvitations: pending.map((p) => ({ email: p.email ?? '', expiresAt: p.expiresAt.toISOString() })),
  };
}

export const presentInvitation = (invitation: {
  petName: string;
  inviter: Person;
  expiresAt: Date;
}): InvitationView => ({
  petName: invitation.petName,
  invitedBy: displayName(invitation.inviter),
  expiresAt: invitation.expiresAt.toISOString(),
});
