// What Mantine's ScrollArea gets for `import { useMergeRefs } from '@floating-ui/react'` (the only
// thing it takes from there; see vite.config.ts): the same merge with Mantine's own hook, so the
// sidebar's ScrollArea does not load floating-ui (~15 KB gzip) on every screen.
import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

export const useMergeRefs = <T>(refs: (Ref<T> | undefined)[]) => useMergedRef<T>(...refs);
