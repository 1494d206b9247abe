import { Alert, CloseButton, Group, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';

/** Where a refused page sent the user, and why (RequireCapability puts the refused address in the state). */
interface RefusedState {
  refusedFrom?: string;
}

/** Says why the user landed here instead of the page they asked for; dismissing it clears the state. */
export function RefusedPageNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const refusedFrom = (location.state as RefusedState | null)?.refusedFrom;
  if (!refusedFrom) return null;
  return (
    <Alert color="yellow" variant="light" role="alert" mb="md">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          Your role may not open <strong>{refusedFrom}</strong>, so you were brought to your dashboard.
        </Text>
        <CloseButton aria-label="Dismiss" onClick={() => navigate(location.pathname + location.search, { replace: true, state: null })} />
      </Group>
    </Alert>
  );
}
