/** Public URL of a stored file (served by the media module under `/media/`). */
export const mediaUrl = (key: string) => `/media/${key}`;

/** variant name → public URL, from an image's stored `variants`. */
export const variantUrls = (variants: Record<string, { key: string }>) =>
  Object.fromEntries(Object.entries(variants).map(([name, v]) => [name, mediaUrl(v.key)]));
