import { useEffect, useRef, useState } from 'react';
import { Button, Center, Group, Image, Stack, Text } from '@mantine/core';
import { IconCamera, IconCameraOff, IconRefresh } from '@tabler/icons-react';
import { ImageField } from './ImageField.tsx';

/** Spec section 5: the webcam selfie is saved as a PNG with this name. */
const CAPTURED_FILE_NAME = 'captured-image.png';
const PREVIEW_SIZE = 192;

function stop(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop());
}

/** Draws the video's current frame and returns it as a PNG file. */
async function captureFrame(video: HTMLVideoElement): Promise<File | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  return blob ? new File([blob], CAPTURED_FILE_NAME, { type: 'image/png' }) : null;
}

/** What to tell the person when the camera does not open (the upload below still works). */
function cameraProblemOf(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'The camera is blocked for this site: allow it in the browser, or upload a portrait below';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this computer: upload a portrait below';
  return 'The camera could not start: upload a portrait below';
}

/**
 * The portrait selfie: taken with the webcam, or uploaded. A camera that fails is logged (spec
 * section 8) and the person is told why, and to upload instead.
 */
export function SelfieCapture({ label, value, onChange }: { label: string; value: File | null; onChange: (file: File | null) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [cameraProblem, setCameraProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!value) return setPreview(null);
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
    return () => stop(stream);
  }, [stream]);

  async function startCamera() {
    setCameraProblem(null);
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No camera API', 'NotFoundError');
      setStream(await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false }));
    } catch (error) {
      console.error('The camera could not start', error);
      setCameraProblem(cameraProblemOf(error));
    }
  }

  async function capture() {
    if (!video.current) return;
    const file = await captureFrame(video.current);
    if (file) onChange(file);
    setStream(null);
  }

  return (
    <Stack gap="sm">
      <Text fw={500} size="sm">
        {label}
      </Text>
      <Center>
        {stream ? (
          <video
            ref={video}
            autoPlay
            playsInline
            muted
            aria-label="Camera preview"
            style={{ width: 320, maxWidth: '100%', borderRadius: 'var(--mantine-radius-md)', background: 'black' }}
          />
        ) : preview ? (
          <Image src={preview} alt="Portrait selfie preview" w={PREVIEW_SIZE} h={PREVIEW_SIZE} radius={PREVIEW_SIZE} fit="cover" />
        ) : (
          <Center w={PREVIEW_SIZE} h={PREVIEW_SIZE} bg="gray.1" style={{ borderRadius: PREVIEW_SIZE }}>
            <IconCamera size={48} color="var(--mantine-color-gray-5)" aria-hidden />
          </Center>
        )}
      </Center>
      <Group justify="center" gap="sm">
        {stream ? (
          <>
            <Button leftSection={<IconCamera size={16} aria-hidden />} onClick={capture}>
              Capture photo
            </Button>
            <Button variant="default" leftSection={<IconCameraOff size={16} aria-hidden />} onClick={() => setStream(null)}>
              Close camera
            </Button>
          </>
        ) : (
          <Button variant="light" leftSection={value ? <IconRefresh size={16} aria-hidden /> : <IconCamera size={16} aria-hidden />} onClick={startCamera}>
            {value ? 'Retake with camera' : 'Open camera'}
          </Button>
        )}
      </Group>
      {cameraProblem && (
        <Text c="red" size="sm" ta="center" role="alert">
          {cameraProblem}
        </Text>
      )}
      <ImageField label="Or upload a portrait" value={value} onChange={onChange} withPreview={false} />
    </Stack>
  );
}
