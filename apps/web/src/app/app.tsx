// The app: providers around the router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError } from '../lib/api';
import { SessionProvider } from '../lib/session';
import { LoadingOverlayProvider } from '../ui/loading-overlay';
import { ToastProvider } from '../ui/toast';
import { createRouter } from './router';

// Retry what may heal by itself (network, timeouts, 5xx); a 4xx will answer the same way again.
const retry = (failures: number, error: unknown) =>
  failures < 2 &&
  !(error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408);

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <LoadingOverlayProvider>
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </LoadingOverlayProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
