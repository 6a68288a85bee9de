/** Milliseconds until `expiresAt` (ISO), never below 0. */
export const remainingMs = (expiresAt: string, now: number = Date.now()) => Math.max(0, Date.parse(expiresAt) - now);

/** 754_000 → "12:34", 59_999 → "01:00" (rounded up: "00:00" only when it is over), 3_725_000 → "1:02:05". */
export const formatCountdown = (ms: number): string => {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
};
