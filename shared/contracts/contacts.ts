/** After this many days an owner is asked whether a pet's contact details are still right. */
export const CONTACT_STALE_AFTER_DAYS = 180;

/** How long the one-click confirmation link in that e-mail works. */
export const CONFIRMATION_LINK_VALID_DAYS = 30;

/** A pet whose contact details have not been confirmed for CONTACT_STALE_AFTER_DAYS: the dashboard lists it. */
export interface ContactCheck {
  id: string;
  name: string;
  contactConfirmedAt: string;
}

/** What the confirmation page shows before the owner presses Confirm: which pet, and the details. */
export interface ContactConfirmationLink {
  petId: string;
  petName: string;
  ownerName: string;
  ownerPhone: string;
  ownerEmail: string | null;
  ownerAddress: string | null;
}

/** The answer to a confirmation: when it was recorded. */
export interface ContactConfirmation {
  petId: string;
  contactConfirmedAt: string;
}
