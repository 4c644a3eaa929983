import type { TagProductView } from '../../../shared/contracts/store';
import type { TagProduct } from '../../../shared/schema';

export const presentTagProduct = ({ printifyProductId, printifyVariantId, ...product }: TagProduct): TagProductView =>
  product;
