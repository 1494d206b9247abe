import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { FormSpec } from './formSpecs.ts';
import { RegistrationForm } from './RegistrationForm.tsx';

/** The Create button and its modal form; on 201 the modal closes and the lists reload. */
export function RegistrationModal({ spec, buttonLabel = spec.title }: { spec: FormSpec; buttonLabel?: string }) {
  const [opened, { open, close }] = useDisclosure(false);
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
