/**
 * Where a pet's Share Location link leads: the server-rendered form, used as it is without scripts
 * (share-location-form-view.tsx); with scripts the link opens the dialog instead.
 */
export const shareLocationPath = (petId: string) => `/scan/${petId}/share-location`;
