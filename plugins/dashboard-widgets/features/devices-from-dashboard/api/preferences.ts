/** Per-user list preferences (columns, page size) in the user's customProperties. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformKeys } from '@shared/platform/query-keys';
import { getCurrentUser, setPreference, type PlatformCurrentUser } from '@shared/platform/user';

const currentUserOptions = () => queryOptions({ queryKey: platformKeys.currentUser(), queryFn: getCurrentUser, staleTime: Infinity });

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
