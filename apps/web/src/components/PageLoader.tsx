import { Center, Loader } from '@mantine/core';

/** Shown while a page's code or data loads. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center h={fullScreen ? '100vh' : 240} role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
