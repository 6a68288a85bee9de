// The dynamic import's own module: importing the package index lazily as well as statically (for
// the store) would make the bundler load the whole container with the store.
export { Notifications } from '@mantine/notifications';
