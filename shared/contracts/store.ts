import type { Order, SubscriptionPlan, TagProduct } from '../schema';

/** A tag in the catalogue as the store shows it; fulfilment ids stay on the server. */
export type TagProductView = Omit<TagProduct, 'printifyProductId' | 'printifyVariantId'>;

export type SubscriptionPlanView = SubscriptionPlan;

// Kept here rather than imported from ../schema, which would pull the database layer into the client.
export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * An order as its owner receives it, with the product and pet names joined in so that a list
 * renders '{product} for {pet}' without a request per order.
 */
export type OrderView = Omit<Order, 'userId' | 'createdAt' | 'deliveredAt'> & {
  createdAt: string;
  /** When the order became delivered; null before. */
  deliveredAt: string | null;
  productName: string;
  productShape: string;
  productMaterial: string;
  productImageUrl: string;
  /** Null when the pet has since been deleted. */
  petName: string | null;
};
