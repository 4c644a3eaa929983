import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { queryClient } from '@/lib/query-client';
import { AppRoutes } from './app/routes';
import { ThemeProvider } from './app/theme';
import { refreshOnAlert } from './features/alerts/refresh-on-alert';
import './index.css';

refreshOnAlert(queryClient);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AppRoutes />
        <LazyToaster />
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);
