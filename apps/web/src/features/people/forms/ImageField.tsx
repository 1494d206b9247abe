import { FileInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { ACCEPTED_IMAGE_TYPES } from '@eticket/contracts';

/** An optional image upload: jpeg, png or webp (the server checks the bytes and the size). */
export function ImageField({ label, value, onChange }: { label: string; value: File | null; onChange: (file: File | null) => void }) {
  return (
    <FileInput
      label={label}
      placeholder="Choose an image"
      accept={ACCEPTED_IMAGE_TYPES.join(',')}
      clearable
      leftSection={<IconPhoto size={16} aria-hidden />}
      value={value}
      onChange={onChange}
    />
  );
}
