// Tag catalogue queries read by several features (store, checkout).

import type { TagProductView } from '@shared/contracts/store';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { TagProductView };

export const tagProductsQuery = () =>
  queryOptions({ queryKey: ['/api/tag-products'], queryFn: () => api.get<TagProductView[]>('/api/tag-products') });

export const tagProductQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/tag-products', id],
    queryFn: () => api.get<TagProductView>(`/api/tag-products/${encodeURIComponent(id)}`),
  });
