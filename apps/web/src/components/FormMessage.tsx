import { Alert } from '@mantine/core';

/** The line above a form: an error in red, or good news in green (spec section 8). */
export function FormMessage({ error, notice }: { error?: string | null; notice?: string | null }) {
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {error}
      </Alert>
    );
  }
  if (notice) {
    return (
      <Alert color="green" variant="light" role="status">
        {notice}
      </Alert>
    );
  }
  return null;
}
