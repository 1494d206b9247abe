import { Button, Center, Image, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DetailSection } from './DetailSection.tsx';
import { printQrCode, qrCaption, usePublicUrl, useQrCode, vehicleCheckUrl } from './qrCode.ts';

/**
 * The person's QR code, labelled 'EBS / {userCode}', with Print QR code: a motorist's holds the
 * vehicle's public check ({PUBLIC_URL}/v/{userCode}) and prints as their sticker (stickerPath: the
 * levy's name and the plate beside it), anyone else's holds their Unique ID and prints alone.
 */
export function QrBlock({ userCode, isMotorist, stickerPath }: { userCode: string; isMotorist: boolean; stickerPath?: string }) {
  const publicUrl = usePublicUrl();
  const qr = useQrCode(isMotorist ? publicUrl && vehicleCheckUrl(publicUrl, userCode) : userCode);
  const print = () => {
    if (qr.dataUrl && !printQrCode(userCode, qr.dataUrl)) {
      notifications.show({ color: 'red', message: 'The print window was blocked: allow pop-ups for this site and try again.' });
    }
  };
  return (
    <DetailSection title="QR code">
      <Stack align="center" gap="xs">
        {qr.dataUrl ? (
          <Image src={qr.dataUrl} alt={`QR code of ${userCode}`} w={180} h={180} />
        ) : qr.error ? (
          <Text c="red" size="sm" role="alert">
            {qr.error}
          </Text>
        ) : (
          <Center h={180}>
            <Loader size="sm" />
          </Center>
        )}
        <Text fw={600} size="sm">
          {qrCaption(userCode)}
        </Text>
        {stickerPath ? (
          <Button component={Link} to={stickerPath} variant="light" leftSection={<IconPrinter size={16} aria-hidden />}>
            Print QR code
          </Button>
        ) : (
          <Button variant="light" leftSection={<IconPrinter size={16} aria-hidden />} disabled={!qr.dataUrl} onClick={print}>
            Print QR code
          </Button>
        )}
      </Stack>
    </DetailSection>
  );
}
