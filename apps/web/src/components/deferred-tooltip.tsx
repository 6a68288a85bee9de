import type { TooltipProps } from '@mantine/core';
import { cloneElement, lazy, type PointerEventHandler, type ReactElement, Suspense, useState } from 'react';

// Mantine's Tooltip brings floating-ui (~20 KB gzip) that no first screen needs: it loads when the
// pointer first enters a target, and that tooltip then opens at once (Tooltip reacts to hover only).
const Tooltip = lazy(async () => ({ default: (await import('./tooltip-module.ts')).Tooltip }));

type Target = ReactElement<{ onPointerEnter?: PointerEventHandler; onPointerLeave?: PointerEventHandler }>;

/** Mantine's Tooltip, loaded on the first hover of its target. */
export const DeferredTooltip = ({ children, ...props }: Omit<TooltipProps, 'children'> & { children: Target }) => {
  const [pointer, setPointer] = useState<'never' | 'inside' | 'left'>('never');
  const target = cloneElement(children, {
    onPointerEnter: () => setPointer('inside'),
    onPointerLeave: () => setPointer((state) => (state === 'inside' ? 'left' : state)),
  });
  if (pointer === 'never') return target;
  return (
    <Suspense fallback={target}>
      <Tooltip {...props} defaultOpened={pointer === 'inside'}>
        {children}
      </Tooltip>
    </Suspense>
  );
};
