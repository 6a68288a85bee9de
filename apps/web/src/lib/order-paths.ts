export const ORDERS_LIST_PATH = '/orders/list';
export const ORDER_STEPS = ['details', 'invoice', 'payments', 'audit'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];
export const orderPath = (orderId: string, step: OrderStep = 'details') => `/orders/editor/${orderId}/${step}`;
export const bookingPath = (orderId: string, bookingId: string) => `/orders/editor/${orderId}/booking/${bookingId}`;
