import { Alert, Button, Center, Stack } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page fails to load or render (e.g. its code changed after a new release). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? error.statusText : error instanceof Error ? error.message : String(error);
  return (
    <Center mih="100vh" p="md">
      <Stack maw={480}>
        <Alert color="red" title="Something went wrong">
          {detail}
        </Alert>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Center>
  );
}
