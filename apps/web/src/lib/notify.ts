import { TOAST_AUTO_CLOSE_MS } from '@excursio/contract/messages';
import { notifications } from '@mantine/notifications';
import { showErrorToasts } from './api/base-query.ts';
import { TOAST_POSITION } from './toast-placement.ts';

export const notifySuccess = (message: string) =>
  notifications.show({ color: 'teal', message, autoClose: TOAST_AUTO_CLOSE_MS, position: TOAST_POSITION });

export const notifyError = (message: string) => showErrorToasts([message]);

/** Neither success nor failure: something did not happen because the person chose so (a cancelled checkout). */
export const notifyInfo = (message: string) =>
  notifications.show({ color: 'gray', message, autoClose: TOAST_AUTO_CLOSE_MS, position: TOAST_POSITION });

/** Done, but something needs the person's attention (stays until closed): e.g. a store whose offers cannot be paid. */
export const notifyWarning = (message: string) =>
  notifications.show({ color: 'orange', title: 'Please note', message, autoClose: false, position: TOAST_POSITION });
