import type { SubscriptionPlanView, TagProductView } from '../../../shared/contracts/store';
import type { Db } from '../../db/connection';
import { notFound } from '../../lib/errors';
import { presentSubscriptionPlan, presentTagProduct } from './store.presenter';
import { findTagProduct, listSubscriptionPlans, listTagProducts } from './store.repository';

/** The tag catalogue and the subscription plans: public, read-only. */
export function createStoreService({ db }: { db: Db }) {
  return {
    async listProducts(): Promise<TagProductView[]> {
      return (await listTagProducts(db)).map(presentTagProduct);
    },

    async getProduct(id: string): Promise<TagProductView> {
      const product = await findTagProduct(db, id);
      if (!product) throw notFound('Product');
      return presentTagProduct(product);
    },

    /** The catalogue row itself, Printify ids and price included: for checkout, never for a response. */
    findProductRecord: (id: string) => findTagProduct(db, id),

    async listPlans(): Promise<SubscriptionPlanView[]> {
      return (await listSubscriptionPlans(db)).map(presentSubscriptionPlan);
    },
  };
}

export type StoreService = ReturnType<typeof createStoreService>;
