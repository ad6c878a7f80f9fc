/** Per-user preferences (column configs, page sizes) kept in the current user's customProperties. */
import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from '../platform/query-keys';
import { getCurrentUser, setPreference, type PlatformCurrentUser } from '../platform/user';

/**
 * The saved value of `key` (or `defaultValue` until loaded / when never saved) and a setter that
 * updates the cache at once and saves to the platform. Keys per spec: e.g.
 * `NETBOXES_COLUMNS_CONFIG${deviceType}`.
 */
export function usePreference<T>(
  key: string,
  defaultValue: T,
): [T, (value: T) => Promise<Error | undefined>, { isLoading: boolean; saving: boolean; saveError: Error | null }] {
  const queryClient = useQueryClient();
  const queryKey = platformKeys.currentUser();
  const user = useQuery({ queryKey, queryFn: getCurrentUser, staleTime: Infinity });
  const stored = user.data?.customProperties?.[key];
  const value = stored === undefined ? defaultValue : (stored as T);

  const mutation = useMutation({
    mutationFn: (next: T) => setPreference(key, next),
    onMutate: (next: T) => {
      const previous = queryClient.getQueryData<PlatformCurrentUser>(queryKey);
      if (previous) {
        queryClient.setQueryData<PlatformCurrentUser>(queryKey, {
          ...previous,
          customProperties: { ...(previous.customProperties ?? {}), [key]: next },
        });
      }
      return { previous };
    },
    onError: (_e, _next, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (saved) => {
      // Keep the values of keys written meanwhile by this page (optimistic) over the answer.
      const current = queryClient.getQueryData<PlatformCurrentUser>(queryKey);
      queryClient.setQueryData<PlatformCurrentUser>(queryKey, {
        ...saved,
        customProperties: { ...(saved.customProperties ?? {}), ...(current?.customProperties ?? {}) },
      });
    },
  });

  const { mutateAsync } = mutation;
  // A preference that could not be saved is rolled back and reported in saveError and as the
  // setter's answer, never thrown: callers may fire and forget, or tell the user.
  const set = useCallback(
    async (next: T): Promise<Error | undefined> => {
      try {
        await mutateAsync(next);
        return undefined;
      } catch (e) {
        return e instanceof Error ? e : new Error(String(e));
      }
    },
    [mutateAsync],
  );

  return [value, set, { isLoading: user.isLoading, saving: mutation.isPending, saveError: mutation.error }];
}
