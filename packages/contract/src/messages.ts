/** User-facing copy that the specification fixes word for word (§2, §8). */
export const MESSAGES = {
  noPermission: 'You have no permissions to access this page!',
  goToDashboard: 'Go to dashboard',
  noFeature: 'Your current subscription plan does not grant access to this feature!',
  upgradeNow: 'Upgrade now',
  genericErrorTitle: 'An error occured!',
  refreshExpired: 'Refresh token expired. Log in again!',
  registered: 'Your Excursio account has been created! Please check your email!',
  resetRequested: 'Check your email for password reset link!',
  resetConfirmed: 'Your password has been successfully reset!',
  passwordSet: 'You have changed your password!',
  activationResent: 'Check your email for account activation link!',
  experienceCreated: 'You have successfully created a new offer!',
  experienceUpdated: 'Offer updated!',
  experienceCopied: 'Offer has been copied!',
  orderCreated: 'Your order has been created!',
  resaleCompleted: 'Resale completed!',
  storeCreated: 'You have successfully created a new store!',
  storeUpdated: 'Store successfully updated!',
  created: 'Success!',
  updated: 'Update successful!',
  deleted: 'Item deleted!',
  uploadSucceeded: 'Files sucessfully uploaded!',
  uploadFailed: (detail: string) => `Upload failed: ${detail}`,
  missingId: (entity: 'experience' | 'order' | 'store') => {
    const name = entity[0].toUpperCase() + entity.slice(1);
    return `handleGet${name} function error: ${entity} ID was not provided!`;
  },
} as const;

export const TOAST_AUTO_CLOSE_MS = 7000;
export const REFRESH_RETRY_CAP = 5;
