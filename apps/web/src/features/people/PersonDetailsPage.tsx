import { Alert, Button, Grid, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconId } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useState } from 'react';
import { can, mayManage, type PersonRecord, type RevealedPersonalData } from '@eticket/contracts';
import { useRevealPersonalData } from './personalDataQueries.ts';
import { holdsBack, withRevealed } from './revealed.ts';
import { ShowPersonalDataButton } from './details/ShowPersonalData.tsx';
import { WhoLookedBlock } from './details/WhoLookedBlock.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useSignedInUser } from '../../lib/useSession.ts';
import { EditProfileModal } from './details/EditProfileModal.tsx';
import { GuarantorBlock } from './details/GuarantorBlock.tsx';
import { MotoristHistory } from './details/MotoristHistory.tsx';
import { IdentificationBlock } from './details/IdentificationBlock.tsx';
import { PersonActionButtons } from './details/PersonActionButtons.tsx';
import { PersonalBlock } from './details/PersonalBlock.tsx';
import { PersonSummary } from './details/PersonSummary.tsx';
import { QrBlock } from './details/QrBlock.tsx';
import { DedicatedAccountBlock } from './details/DedicatedAccountBlock.tsx';
import { SubscriptionBlock } from './details/SubscriptionBlock.tsx';
import { TextLanguageBlock } from './details/TextLanguageBlock.tsx';
import { VehicleBlock } from './details/VehicleBlock.tsx';
import { fieldAgentRole } from './idCard.ts';
import { usePersonDetails } from './queries.ts';
import { PrivacyBlock } from './privacy/PrivacyBlock.tsx';
import { AgentFlags } from '../../components/Flags/AgentFlags.tsx';

/** {id}/details: every block of spec "User detail". The list's row shows at once; the server's record follows (and serves a reload). */
export function PersonDetailsPage() {
  const { id = '' } = useParams();
  const fromList = (useLocation().state as { person?: PersonRecord } | null)?.person;
  const details = usePersonDetails(id, fromList);
  const viewer = useSignedInUser();
  const navigate = useNavigate();
  const [revealed, setRevealed] = useState<{ id: string; data: RevealedPersonalData } | null>(null);
  const revealPersonalData = useRevealPersonalData();

  const back = (
    <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => navigate(-1)}>
      Back
    </Button>
  );
  if (details.isPending) return <PageLoader />;
  if (details.isError) {
    return (
      <>
        <PageHeader title="User Details" actions={back} />
        <Alert color="red" role="alert" title="Could not load this person">
          {details.error.message}
        </Alert>
      </>
    );
  }
  const person = revealed?.id === details.data.id ? withRevealed(details.data, revealed.data) : details.data;
  const reveal = async () => setRevealed({ id: person.id, data: await revealPersonalData.mutateAsync(person.id) });
  const mayEdit = can(viewer, 'profile', 'write') && (person.id === viewer.id || mayManage(viewer, person.role));
  const holdsVehicle = person.isMotorist || person.vehicle !== null;
  return (
    <>
      <PageHeader title="User Details" actions={back} />
      <Stack gap="lg">
        <PersonSummary
          person={person}
          actions={
            <Group gap="xs" wrap="wrap" justify="flex-end">
              <ShowPersonalDataButton person={person} onRevealed={(data) => setRevealed({ id: person.id, data })} />
              {mayEdit && <EditProfileModal person={person} reveal={holdsBack(person) ? reveal : undefined} afterSave={reveal} />}
              {fieldAgentRole(person) && !person.isDeleted && (
                <Button component={Link} to={`/${person.id}/id-card`} variant="light" leftSection={<IconId size={16} aria-hidden />}>
                  Print ID card
                </Button>
              )}
              <PersonActionButtons person={person} />
            </Group>
          }
        />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              {holdsVehicle && <VehicleBlock vehicle={person.vehicle} />}
              <PersonalBlock person={person} />
              <IdentificationBlock person={person} />
              {person.guarantor && <GuarantorBlock guarantor={person.guarantor} hidden={person.personalData.hidden} />}
              {person.isMotorist && <SubscriptionBlock person={person} />}
              {person.textLanguage && <TextLanguageBlock key={person.textLanguage} person={person} />}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <QrBlock
                userCode={person.userCode}
                isMotorist={person.isMotorist}
                stickerPath={person.isMotorist && person.vehicle ? `/${person.id}/sticker` : undefined}
              />
              {person.isMotorist && !person.isDeleted && <DedicatedAccountBlock userId={person.id} approved={person.registrationStatus === 'approved'} />}
            </Stack>
          </Grid.Col>
        </Grid>
        {person.isMotorist && <MotoristHistory motoristId={person.id} />}
        {fieldAgentRole(person) && <AgentFlags agentId={person.id} />}
        <WhoLookedBlock personId={person.id} />
        {can(viewer, 'privacy', 'write') && <PrivacyBlock person={person} />}
      </Stack>
    </>
  );
}
