import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { can, type Capability } from '@eticket/contracts';
import { useSignedInUser } from '../../../lib/useSession.ts';
import type { FormSpec } from './formSpecs.ts';
import { RegistrationForm } from './RegistrationForm.tsx';

/**
 * The Create button and its modal form; on 201 the modal closes and the lists reload. Shown only to
 * those who may register that kind (the server would refuse anyone else).
 */
export function RegistrationModal({ spec, capability, buttonLabel = spec.title }: { spec: FormSpec; capability: Capability; buttonLabel?: string }) {
  const user = useSignedInUser();
  const [opened, { open, close }] = useDisclosure(false);
  if (!can(user, capability, 'write')) return null;
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
        {buttonLabel}
      </Button>
      <Modal opened={opened} onClose={close} title={spec.title} size="xl" centered closeOnClickOutside={false}>
        <RegistrationForm
          spec={spec}
          onCreated={(message) => {
            close();
            notifications.show({ color: 'green', message });
          }}
        />
      </Modal>
    </>
  );
}
