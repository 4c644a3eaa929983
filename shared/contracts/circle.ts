import { z } from 'zod';

/** How long an invitation to co-own a pet stays valid (issue: 7 days). */
export const INVITATION_DAYS = 7;

/** POST /api/pets/{id}/invitations: the address the person is invited at. */
export const invitationRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(320, 'Must be 320 characters or fewer')
    .pipe(z.email('Invalid email address')),
});

export type InvitationRequest = z.infer<typeof invitationRequestSchema>;

/** One person of a pet's Safety Circle. */
export interface CircleMember {
  userId: string;
  name: string;
  /** The pet's creator: the one who may delete it and change who is in the circle. */
  isCreator: boolean;
}

/** GET /api/pets/{id}/circle: who co-owns the pet, seen by any of them. */
export interface SafetyCircle {
  members: CircleMember[];
  /** Invitations sent and not yet accepted nor expired: only the creator sees them. */
  pendingInvitations: { email: string; expiresAt: string }[];
}

/** GET /api/invitations/{token}: what the invited person sees before accepting. */
export interface InvitationView {
  petName: string;
  invitedBy: string;
  expiresAt: string;
  /**
   * Signed in only: whether the signed-in account may accept it ('yours' when they already own the
   * pet, 'another-address' when it was sent to another address). Never names the address.
   */
  forViewer?: 'yes' | 'yours' | 'another-address';
}

/** POST /api/invitations/{token}/accept: the pet now shared with the person. */
export interface AcceptedInvitation {
  petId: string;
}
