// The dynamic import's own module (see deferred-tooltip.tsx): importing the package index lazily as
// well as statically would keep the whole of @mantine/core in the bundle.
export { Tooltip } from '@mantine/core';
