import { Alert, Button, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { fetchArchive, privacyKeys } from './queries.ts';

const shown = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** Everything held about one person, readable and printable (the archive; opening it is recorded). */
export function ArchivePrintPage() {
  const { id = '' } = useParams();
  const archive = useQuery({ queryKey: privacyKeys.archive(id), queryFn: ({ signal }) => fetchArchive(id, signal), staleTime: Infinity });
  if (archive.isPending) return <PageLoader />;
  if (archive.isError) return <Alert color="red">{archive.error.message}</Alert>;
  const { person, sections, images, producedAt } = archive.data.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" className="no-print">
        <Title order={2}>Personal data held about {shown(person.full_name)}</Title>
        <Button onClick={() => window.print()}>Print</Button>
      </Group>
      <Text size="sm">Produced {new Date(producedAt).toLocaleString()}</Text>
      <Table withTableBorder>
        <Table.Tbody>
          {Object.entries(person).map(([key, value]) => (
            <Table.Tr key={key}>
              <Table.Th>{key}</Table.Th>
              <Table.Td>{shown(value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {Object.entries(sections).map(([name, rows]) => (
        <Stack key={name} gap={4}>
          <Title order={3} size="h5">
            {name} ({rows.length})
          </Title>
          {rows.length === 0 ? (
            <Text size="sm">None.</Text>
          ) : (
            <Table withTableBorder fz="xs">
              <Table.Thead>
                <Table.Tr>
                  {Object.keys(rows[0]).map((key) => (
                    <Table.Th key={key}>{key}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  <Table.Tr key={index}>
                    {Object.values(row).map((value, column) => (
                      <Table.Td key={column}>{shown(value)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      ))}
      <Group>
        {images.map((image) => (
          <Stack key={image.name} gap={2}>
            <Image src={`data:${image.type};base64,${image.base64}`} alt={image.name} w={200} />
            <Text size="xs">{image.name}</Text>
          </Stack>
        ))}
      </Group>
    </Stack>
  );
}
