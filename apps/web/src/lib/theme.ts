import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Specification §9 breakpoints, in px. */
export const BREAKPOINTS_PX = {
  mobMedium: 375,
  tab: 768,
  tabMedium: 968,
  lap: 1366,
  desk: 1920,
} as const;
export type BreakpointName = keyof typeof BREAKPOINTS_PX;

const em = (px: number) => `${px / 16}em`;

/** The same breakpoints as em strings, for media queries (useMediaQuery). */
export const BREAKPOINTS = {
  mobMedium: em(BREAKPOINTS_PX.mobMedium),
  tab: em(BREAKPOINTS_PX.tab),
  tabMedium: em(BREAKPOINTS_PX.tabMedium),
  lap: em(BREAKPOINTS_PX.lap),
  desk: em(BREAKPOINTS_PX.desk),
} as const;

export const MAX_CONTENT_WIDTH = 1500;
export const FORM_WIDTH = 850;
export const PAGE_FORM_WIDTH = 1100;
export const HEADER_HEIGHT = 122;
/** The header without its tab row (pages without tabs): the same title row as above the tabs. */
export const TITLE_ROW_HEIGHT = 74;
export const FADE_MS = 200;

const brand: MantineColorsTuple = [
  '#eef3ff',
  '#dce4f5',
  '#b9c7e2',
  '#94a8d0',
  '#748dc1',
  '#5f7cb8',
  '#5474b4',
  '#44639f',
  '#39588f',
  '#2d4b81',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Mantine's own keys map onto the specification's breakpoints so `hiddenFrom="sm"` etc. follow them.
  breakpoints: {
    xs: BREAKPOINTS.mobMedium,
    sm: BREAKPOINTS.tab,
    md: BREAKPOINTS.tabMedium,
    lg: BREAKPOINTS.lap,
    xl: BREAKPOINTS.desk,
  },
  components: {
    Button: { defaultProps: { size: 'sm' } },
    TextInput: { defaultProps: { size: 'sm' } },
    // The toggle's default label contains "password", which makes getByLabel('Password') ambiguous.
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' } } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 200 } },
    // Every dialog's close button is named (axe: button-name).
    Modal: {
      defaultProps: {
        centered: true,
        transitionProps: { transition: 'fade', duration: FADE_MS },
        closeButtonProps: { 'aria-label': 'Close' },
      },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Toasts: a named close button (axe: button-name).
    Notification: { defaultProps: { withBorder: true, closeButtonProps: { 'aria-label': 'Close' } } },
  },
});
