import { useState } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { MotoristPenaltyResult } from './MotoristPenaltyResult.tsx';
import { MotoristSearchForm } from './MotoristSearchForm.tsx';
import { PENALTY_HINT } from './motoristPenalty.ts';
import { usePersonByCode } from './queries.ts';

/**
 * Find a motorist by Unique ID and alter its outstanding penalty. The line under the heading is
 * the hint while nothing failed, else the message of the failed search or change (spec section 2).
 */
export function MotoristPenaltyPanel() {
  // ?userCode=…: opened on a motorist (an upheld dispute's "Start a penalty waiver").
  const [params] = useSearchParams();
  const [userCode, setUserCode] = useState<string | null>(() => params.get('userCode'));
  const [alterError, setAlterError] = useState<string | null>(null);
  const lookup = usePersonByCode(userCode);
  const error = alterError ?? (lookup.isError ? lookup.error.message : null);

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="motorist-penalty-heading">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} size="h4" id="motorist-penalty-heading">
            Motorist Penalty
          </Title>
          {error ? (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          ) : (
            <Text c="dimmed" size="sm">
              {PENALTY_HINT}
            </Text>
          )}
        </Stack>
        <MotoristSearchForm
          searching={lookup.isFetching}
          onSearch={(code) => {
            setAlterError(null);
            if (code === userCode) void lookup.refetch();
            else setUserCode(code);
          }}
        />
        {lookup.data && !lookup.isError && <MotoristPenaltyResult key={lookup.data.id} person={lookup.data} onError={setAlterError} />}
      </Stack>
    </Paper>
  );
}
