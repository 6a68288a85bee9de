import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '../../../../lib/theme.ts';

/** A modal that fills the screen below the tablet breakpoint; its close button is named "Close". */
export const ResponsiveModal = (props: ModalProps) => {
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.tab})`);
  return <Modal fullScreen={narrow} closeButtonProps={{ 'aria-label': 'Close' }} {...props} />;
};
