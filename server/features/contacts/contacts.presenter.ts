import type { ContactCheck, ContactConfirmation } from '../../../shared/contracts/contacts';

export const presentContactCheck = (pet: { id: string; name: string; contactConfirmedAt: Date }): ContactCheck => ({
  id: pet.id,
  name: pet.name,
  contactConfirmedAt: pet.contactConfirmedAt.toISOString(),
});

export const presentConfirmation = (row: { petId: string; contactConfirmedAt: Date }): ContactConfirmation => ({
  petId: row.petId,
  contactConfirmedAt: row.contactConfirmedAt.toISOString(),
});
