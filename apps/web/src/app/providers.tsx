import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { NotificationsHost } from './notifications-host.tsx';
import { store } from './store.ts';
import { theme } from './theme.ts';

export const Providers = ({ children }: { children: ReactNode }) => (
  <Provider store={store}>
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <NotificationsHost />
      {children}
    </MantineProvider>
  </Provider>
);
