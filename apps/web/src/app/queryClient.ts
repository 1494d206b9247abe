import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@eticket/client';

/** Retries only what a retry can fix: a call that got no reply. */
const retryNetworkOnce = (failureCount: number, error: unknown) => error instanceof ApiError && error.kind === 'network' && failureCount < 1;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryNetworkOnce, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
