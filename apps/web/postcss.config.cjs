// Breakpoints mirror src/app/theme.ts (specification §9, px → em at 16 px).
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-mobMedium': '23.4375em',
        'mantine-breakpoint-tab': '48em',
        'mantine-breakpoint-tabMedium': '60.5em',
        'mantine-breakpoint-lap': '85.375em',
        'mantine-breakpoint-desk': '120em',
        'mantine-breakpoint-xs': '23.4375em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '60.5em',
        'mantine-breakpoint-lg': '85.375em',
        'mantine-breakpoint-xl': '120em',
      },
    },
  },
};
