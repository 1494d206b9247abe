import { Button, Stack, Title } from '@mantine/core';
import { IconHistory, IconPlus } from '@tabler/icons-react';
import type { PenaltyCharge } from '@eticket/contracts';
import { Link } from 'react-router';
import { EditorModal } from '../../components/EditorModal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useEditorModal } from '../../lib/useEditorModal.ts';
import { MotoristPenaltyPanel } from './MotoristPenaltyPanel.tsx';
import { PenaltyChargeList } from './PenaltyChargeList.tsx';
import { PenaltyChargeForm } from './PenaltyChargeForm.tsx';

/** /penalty: the charge per vehicle type, and altering one motorist's outstanding penalty. */
export function PenaltyPage() {
  const modal = useEditorModal<PenaltyCharge>();
  return (
    <>
      <PageHeader
        title="Penalty Charges"
        description="What a scan adds to a motorist's outstanding payment when the subscription has expired."
        actions={
          <>
            <Button component={Link} to="/penaltyHistory" variant="default" leftSection={<IconHistory size={16} aria-hidden />}>
              Penalty Payment History
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => modal.open(null)}>
              Create Penalty Charge
            </Button>
          </>
        }
      />
      <Stack gap="xl">
        <section aria-labelledby="penalty-charges-heading">
          <Title order={3} size="h4" mb="sm" id="penalty-charges-heading">
            Charges per vehicle type
          </Title>
          <PenaltyChargeList onUpdate={modal.open} />
        </section>
        <MotoristPenaltyPanel />
      </Stack>
      <EditorModal opened={modal.opened} title={modal.item ? 'Update Penalty Charge' : 'Create Penalty Charge'} onClose={modal.close}>
        <PenaltyChargeForm key={modal.key} charge={modal.item} onSaved={modal.close} />
      </EditorModal>
    </>
  );
}
