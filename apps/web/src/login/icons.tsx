/**
 * The five Tabler icons the login page shows (@tabler/icons-react v3, MIT), drawn as the package
 * draws them (24-unit outline, round caps). Their own copy: imported from the package by both entries,
 * the icons and the package's helper became chunks of their own that the dashboard loaded as extra
 * requests.
 */
const PATHS = {
  compass: [
    'M8 16l2 -6l6 -2l-2 6l-6 2',
    'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0',
    'M12 3l0 2',
    'M12 19l0 2',
    'M3 12l2 0',
    'M19 12l2 0',
  ],
  sun: [
    'M8 12a4 4 0 1 0 8 0a4 4 0 1 0 -8 0',
    'M3 12h1m8 -9v1m8 8h1m-9 8v1m-6.4 -15.4l.7 .7m12.1 -.7l-.7 .7m0 11.4l.7 .7m-12.1 -.7l-.7 .7',
  ],
  moon: ['M12 3c.132 0 .263 0 .393 0a7.5 7.5 0 0 0 7.92 12.446a9 9 0 1 1 -8.313 -12.454l0 .008'],
  'device-desktop': [
    'M3 5a1 1 0 0 1 1 -1h16a1 1 0 0 1 1 1v10a1 1 0 0 1 -1 1h-16a1 1 0 0 1 -1 -1v-10',
    'M7 20h10',
    'M9 16v4',
    'M15 16v4',
  ],
  'mail-forward': [
    'M12 18h-7a2 2 0 0 1 -2 -2v-10a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v7.5',
    'M3 6l9 6l9 -6',
    'M15 18h6',
    'M18 15l3 3l-3 3',
  ],
} as const;

export type IconName = keyof typeof PATHS;

export const Icon = ({ name, size, stroke = 2 }: { name: IconName; size: number; stroke?: number }) => (
  <svg
    xmlns="http://www.w3.org/2000/svg"
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={stroke}
    strokeLinecap="round"
    strokeLinejoin="round"
    className={`tabler-icon tabler-icon-${name}`}
    aria-hidden
  >
    {PATHS[name].map((d) => (
      <path key={d} d={d} />
    ))}
  </svg>
);
