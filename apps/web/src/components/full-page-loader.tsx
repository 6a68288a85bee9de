import { Center, Loader } from '@mantine/core';

export const FullPageLoader = () => (
  <Center h="100vh" w="100%" role="status" aria-label="Loading">
    <Loader />
  </Center>
);
