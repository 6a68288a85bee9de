import { TOAST_AUTO_CLOSE_MS } from '@excursio/contract/messages';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { store } from './store.ts';
import { theme } from './theme.ts';

export const Providers = ({ children }: { children: ReactNode }) => (
  <Provider store={store}>
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={6} />
      {children}
    </MantineProvider>
  </Provider>
);
