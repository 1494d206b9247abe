import { Alert, Button } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { PersonRecord, RevealedPersonalData } from '@eticket/contracts';
import { holdsBack } from '../revealed.ts';
import { useRevealPersonalData } from '../personalDataQueries.ts';

/** Show: reveals the personal data the details page holds back, for whoever may see it; the press is recorded. */
export function ShowPersonalDataButton({ person, onRevealed }: { person: PersonRecord; onRevealed: (revealed: RevealedPersonalData) => void }) {
  const reveal = useRevealPersonalData();
  if (!person.personalData.mayReveal || !holdsBack(person)) return null;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconEye size={16} aria-hidden />}
        loading={reveal.isPending}
        onClick={() => reveal.mutate(person.id, { onSuccess: onRevealed })}
        title="Shows phone, email, address, date of birth, ID and images; your look is recorded"
      >
        Show personal data
      </Button>
      {reveal.isError && (
        <Alert color="red" role="alert" title="Could not show the personal data">
          {reveal.error.message}
        </Alert>
      )}
    </>
  );
}
