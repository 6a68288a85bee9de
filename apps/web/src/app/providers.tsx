import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { NotificationsHost } from '../lib/notifications/notifications-host.tsx';
import { theme } from '../lib/theme.ts';
import { store } from './store.ts';

export const Providers = ({ children }: { children: ReactNode }) => (
  <Provider store={store}>
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <NotificationsHost />
      {children}
    </MantineProvider>
  </Provider>
);
