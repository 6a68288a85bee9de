import { createContext, type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';

/** The header's primary-action slot; pages fill it with <PageAction>. */
export const PageActionSlotContext = createContext<HTMLElement | null>(null);

export const PageAction = ({ children }: { children: ReactNode }) => {
  const slot = useContext(PageActionSlotContext);
  return slot ? createPortal(children, slot) : null;
};
