import { Component, type ReactNode } from 'react';
import { Alert, Button, Center, Stack } from '@mantine/core';

/** Shown when a page fails to load or render (e.g. its code changed after a new release). */
function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
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

interface BoundaryProps {
  /** The address the children show; moving to another one clears the error. */
  location: string;
  children: ReactNode;
}

/** Catches what a route throws while loading or rendering, and shows RouteError instead. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; location: string | null }> {
  state = { error: undefined as unknown, location: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; location: string | null }) {
    // The error belongs to the address it happened at: a navigation away renders the routes again.
    if (state.location === null) return { location: props.location };
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }

  render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}
