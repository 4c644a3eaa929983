// Pet queries read by several features (dashboard, profile, scan, QR, poster, reminders, checkout).

import type { OwnerPet, PetSummary, PublicPet } from '@shared/contracts/pets';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { OwnerPet, PetSummary, PublicPet };

export const petsQuery = () =>
  queryOptions({ queryKey: ['/api/pets'], queryFn: () => api.get<PetSummary[]>('/api/pets') });

/** The owner receives the whole pet; anyone else the public projection. */
export const petQuery = <T extends PublicPet | OwnerPet = OwnerPet>(id: string) =>
  queryOptions({ queryKey: ['/api/pets', id], queryFn: () => api.get<T>(`/api/pets/${id}`) });

/** What a stranger is shown, asked for by the owner: the scan page's preview. Refreshed with the pet. */
export const publicPetQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/pets', id, 'public'],
    queryFn: () => api.get<PublicPet>(`/api/pets/${id}?view=public`),
  });

/** True when the answer is the owner's view: the public projection never carries the owner's id. */
export const isOwnerPet = (pet: PublicPet | OwnerPet): pet is OwnerPet => 'userId' in pet;
