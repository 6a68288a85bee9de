import { createContext, type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';

/** The header's primary-action slot; pages fill it with <PageAction>. */
export const PageActionSlotContext = createContext<HTMLElement | null>(null);
/** The header's tab row, for pages whose tabs depend on the record (the editors' step tabs). */
export const PageTabsSlotContext = createContext<HTMLElement | null>(null);

export const PageAction = ({ children }: { children: ReactNode }) => {
  const slot = useContext(PageActionSlotContext);
  return slot ? createPortal(children, slot) : null;
};

/** Renders its children in the header's tab row (instead of a static tab group). */
export const PageTabs = ({ children }: { children: ReactNode }) => {
  const slot = useContext(PageTabsSlotContext);
  return slot ? createPortal(children, slot) : null;
};
