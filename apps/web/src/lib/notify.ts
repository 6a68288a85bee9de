import { TOAST_AUTO_CLOSE_MS } from '@excursio/contract/messages';
import { notifications } from '@mantine/notifications';
import { showErrorToasts } from './api/base-query.ts';

export const notifySuccess = (message: string) => notifications.show({ color: 'teal', message, autoClose: TOAST_AUTO_CLOSE_MS });

export const notifyError = (message: string) => showErrorToasts([message]);
