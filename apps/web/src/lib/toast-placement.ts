import type { NotificationData } from '@mantine/notifications';

/**
 * Where every toast goes. Bottom-left is the one corner no control a person needs next lives in:
 * the header's page action and user menu are top-right, a centred modal's close button and its
 * Save are at its top-right and bottom-right, row menus open at the right of their rows. Toasts stay
 * narrow (global.css) so they stay over the sidebar's lower end, and rise above a sticky footer
 * (the editor's Back / Save) when the page has one (`data-sticky-footer`).
 */
export const TOAST_POSITION: NonNullable<NotificationData['position']> = 'bottom-left';
