import { z } from 'zod';
import { invitationRequestSchema } from '../../../shared/contracts/circle';
import { idParam } from '../../lib/validate';

// A token is 32 random bytes in base64url (43 characters); anything else names no invitation.
export const TOKEN_BYTES = 32;
const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invitation not found');

const petId = z.object({ id: idParam('Pet') });

/** What each Safety Circle route accepts. */
export const circleSchemas = {
  circle: { params: petId },
  invite: { params: petId, body: invitationRequestSchema },
  member: { params: z.object({ id: idParam('Pet'), userId: idParam('Member') }) },
  invitation: { params: z.object({ token }) },
};
