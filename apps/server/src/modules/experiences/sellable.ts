import { invalid } from '../../http/app-error.ts';

/**
 * The one refusal for a change that would leave an Active offer unsellable (its last start time,
 * priced rate or image): a validation error on the part that would go missing, code 'not_publishable'.
 */
export const unsellable = (part: 'start_times' | 'rates' | 'images', detail: string) => invalid(part, detail, 'not_publishable');
