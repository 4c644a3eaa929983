import type { CheckoutFormInput } from '@shared/contracts/checkout';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ordersQuery } from '@/api/orders';
import { isOwnerPet, type OwnerPet, type PublicPet, petQuery } from '@/api/pets';

type Prefill = { shippingName: string | null; shippingPhone: string | null };

/**
 * Fills the shipping name and phone from what the account knows: the last order's, or else the
 * owner contact of the pet chosen for the tag; once, and never over what the person has typed.
 */
export function useShippingPrefill(form: UseFormReturn<CheckoutFormInput, unknown, unknown>) {
  const orders = useQuery(ordersQuery());
  const petId = form.watch('petId');
  const lastOrder = orders.data?.find((order) => order.shippingName || order.shippingPhone);
  const needsPet = orders.isSuccess && !lastOrder && Boolean(petId);
  const pet = useQuery({ ...petQuery<OwnerPet | PublicPet>(petId ?? ''), enabled: needsPet });

  const source: Prefill | undefined = lastOrder
    ? lastOrder
    : pet.data && isOwnerPet(pet.data)
      ? { shippingName: pet.data.ownerName, shippingPhone: pet.data.ownerPhone }
      : undefined;

  // Once only: a person who then clears a prefilled field means it.
  const applied = useRef(false);
  useEffect(() => {
    if (!source || applied.current) return;
    applied.current = true;
    for (const field of ['shippingName', 'shippingPhone'] as const) {
      const value = source[field];
      if (value && !form.getFieldState(field).isDirty && !form.getValues(field)) form.setValue(field, value);
    }
  }, [source, form]);
}
