import { useEffect, useState } from 'react';
import { FileInput, Group, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { ACCEPTED_IMAGE_TYPES } from '@eticket/contracts';
import { imageProblem } from './imageProblem.ts';

const PREVIEW_HEIGHT = 64;

/** A short-lived object URL of the chosen file, for its preview. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

interface ImageFieldProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** false where the form shows the image itself (the selfie). */
  withPreview?: boolean;
  /** The form's problem with this field (the server's, say); a refused choice shows its own. */
  error?: string;
}

/** An optional image upload: jpeg, png or webp up to 5 MB, refused when chosen, shown when taken. */
export function ImageField({ label, value, onChange, withPreview = true, error }: ImageFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const preview = usePreview(withPreview ? value : null);

  const choose = (file: File | null) => {
    const refused = file && imageProblem(label, file);
    setProblem(refused || null);
    onChange(refused ? null : file);
  };

  return (
    <Group align="flex-end" wrap="nowrap" gap="sm">
      <FileInput
        style={{ flex: 1 }}
        label={label}
        placeholder="Choose an image"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        clearable
        leftSection={<IconPhoto size={16} aria-hidden />}
        value={value}
        onChange={choose}
        error={problem ?? error}
      />
      {preview && <Image src={preview} alt={`${label} preview`} h={PREVIEW_HEIGHT} w="auto" fit="contain" radius="sm" />}
    </Group>
  );
}
