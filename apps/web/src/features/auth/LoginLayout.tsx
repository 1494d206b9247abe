import { Suspense } from 'react';
import { Center, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';

/** Two columns: the product logo at left (hidden on small screens), the form's card centred at right. */
export function LoginLayout() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} mih="100vh">
      <Center visibleFrom="md" p="xl" style={{ background: 'linear-gradient(160deg, #0b7a5a 0%, #075943 100%)' }}>
        <Stack align="center" gap="lg" maw={380}>
          <Logo size={160} />
          <Title order={1} c="white" ta="center">
            E-Ticketing
          </Title>
          <Text c="teal.0" ta="center" size="lg">
            Transport levy administration: registrations, subscriptions, enforcement and revenue in one place.
          </Text>
        </Stack>
      </Center>
      <Center p="md" bg="gray.0">
        <Paper component="main" w="100%" maw={420} p="xl" radius="md" shadow="md" withBorder>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Paper>
      </Center>
    </SimpleGrid>
  );
}
