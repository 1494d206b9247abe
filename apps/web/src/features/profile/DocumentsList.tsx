import { Anchor, Stack, Text, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import type { Profile } from '@eticket/contracts';

/** The person's documents; each opens in a new tab (its URL is signed, so no token is needed). */
export function DocumentsList({ documents }: { documents: Profile['documents'] }) {
  return (
    <section aria-labelledby="documents-heading">
      <Title order={3} size="h4" id="documents-heading" mb="sm">
        Documents
      </Title>
      {documents.length === 0 ? (
        <Text c="dimmed" size="sm">
          No documents uploaded.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {documents.map((document) => (
            <li key={document.url}>
              <Anchor href={document.url} target="_blank" rel="noopener noreferrer" display="inline-flex" style={{ alignItems: 'center', gap: 6 }}>
                <IconFileText size={18} aria-hidden />
                {document.name}
              </Anchor>
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}
