/**
 * Per-user list preferences in the user's customProperties (PUT /user/currentUser), so the
 * column configuration and page size follow the user to any browser.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from '@shared/platform/query-keys';
import { getCurrentUser, setPreference, type PlatformCurrentUser } from '@shared/platform/user';

export const currentUserOptions = () =>
  queryOptions({
    queryKey: platformKeys.currentUser(),
    queryFn: getCurrentUser,
    staleTime: Infinity,
  });

/** The saved value of one preference (undefined while loading or never saved). */
export function usePreference<T>(key: string): { value: T | undefined; loaded: boolean } {
  const q = useQuery(currentUserOptions());
  return { value: q.data?.customProperties?.[key] as T | undefined, loaded: q.isSuccess || q.isError };
}

export function useSavePreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: unknown }) => setPreference(key, value),
    onSuccess: (user: PlatformCurrentUser) => client.setQueryData(platformKeys.currentUser(), user),
  });
}
