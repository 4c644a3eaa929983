import type { SubscriptionPlanView, TagProductView } from '../../../shared/contracts/store';
import type { SubscriptionPlan, TagProduct } from '../../../shared/schema';

export const presentTagProduct = ({ printifyProductId, printifyVariantId, ...product }: TagProduct): TagProductView =>
  product;

export const presentSubscriptionPlan = (plan: SubscriptionPlan): SubscriptionPlanView => ({
  id: plan.id,
  name: plan.name,
  description: plan.description,
  price: plan.price,
  features: plan.features,
  isPopular: plan.isPopular,
});
