import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';

/** A create-or-update form in a modal (lib/useEditorModal.ts keeps its state). */
export function EditorModal({ opened, title, onClose, children }: { opened: boolean; title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {children}
    </Modal>
  );
}
