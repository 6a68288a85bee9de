// What Mantine's AppShell header/footer/aside get for `import { RemoveScroll } from
// 'react-remove-scroll'` (see vite.config.ts): they read only its class names, and the whole
// package (~4 KB gzip) loads with modals and drawers instead of with every screen.
import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';

export const RemoveScroll = { classNames: { zeroRight: zeroRightClassName, fullWidth: fullWidthClassName } };
