import { badRequest, conflict, invalid } from '../../http/app-error.ts';

/** Refusal to delete something offers still use: deleting it would silently strip it from them. */
export const inUse = (count: number, what: string) =>
  badRequest(
    `This ${what} is used by ${count} ${count === 1 ? 'offer' : 'offers'}. Choose another ${what} for ${count === 1 ? 'it' : 'them'} first.`,
    'in_use',
  );

/** Names pick these from a list in the offer editor, so two of one name could not be told apart. */
export const nameTaken = (what: string) => conflict('name', `A ${what} with this name already exists.`);

/** An offer id in a body that is not one of the account's offers (another account's included). */
export const unknownExperience = () => invalid('experience_id', 'Offer not found.', 'does_not_exist');
