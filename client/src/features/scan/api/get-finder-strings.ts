import { FINDER_STRINGS_URL, type PageStrings } from '@shared/i18n/strings';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The scan page's words in the visitor's language; they change only when the page is loaded anew. */
export const finderStringsQuery = () =>
  queryOptions({
    queryKey: [FINDER_STRINGS_URL],
    queryFn: () => api.get<PageStrings>(FINDER_STRINGS_URL),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
