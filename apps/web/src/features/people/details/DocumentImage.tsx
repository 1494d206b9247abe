import { Anchor, Image, Stack, Text } from '@mantine/core';
import { HIDDEN, MISSING } from './display.ts';

/** An ID image; a click opens it full size in a new tab (its URL is signed, so no token is needed). */
export function DocumentImage({ label, url, owner, hidden = false }: { label: string; url: string | null; owner: string; hidden?: boolean }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      {url ? (
        <Anchor href={url} target="_blank" rel="noopener noreferrer" aria-label={`Open ${label.toLowerCase()} of ${owner} in a new tab`}>
          <Image src={url} alt={`${label} of ${owner}`} h={110} w={170} fit="cover" radius="sm" bd="1px solid var(--mantine-color-gray-3)" />
        </Anchor>
      ) : (
        <Text size="sm" fw={500}>
          {hidden ? HIDDEN : MISSING}
        </Text>
      )}
    </Stack>
  );
}
