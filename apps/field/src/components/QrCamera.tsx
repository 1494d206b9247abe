import { t } from '../lib/i18n.ts';
import { useEffect, useRef, useState } from 'react';

/**
 * The largest centred square of the frame, scaled to 400 px for the decoder. qr-scanner's default is
 * the middle two-thirds: a sticker held close to the phone (filling the frame) then has its corners
 * cut off and is never read. It hid as flakiness: when 'play' came before the video's size was known,
 * the first scans read the whole frame and found the code, otherwise never (4 of 12 camera starts
 * missed in a row of scan-qr journeys before this; 0 of 16 after).
 */
function wholeFrameSquare(video: HTMLVideoElement) {
  const side = Math.min(video.videoWidth, video.videoHeight);
  return {
    x: Math.round((video.videoWidth - side) / 2),
    y: Math.round((video.videoHeight - side) / 2),
    width: side,
    height: side,
    downScaledWidth: DECODED_SIDE,
    downScaledHeight: DECODED_SIDE,
  };
}
const DECODED_SIDE = 400;

/**
 * Continuous QR scanning with the back camera (qr-scanner: the browser's BarcodeDetector where it
 * has one, else its worker). Each code is reported once until another code, or 3 s, has passed.
 */
export function QrCamera({ onCode, paused }: { onCode: (text: string) => void; paused: boolean }) {
  const holder = useRef<HTMLDivElement>(null);
  const scanner = useRef<import('qr-scanner').default | null>(null);
  const last = useRef({ text: '', at: 0 });
  const report = useRef(onCode);
  report.current = onCode;
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const [hasTorch, setHasTorch] = useState(false);
  const [torchOn, setTorchOn] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let stopped = false;
    // A fresh <video> each time: qr-scanner opens the camera itself.
    const video = document.createElement('video');
    video.setAttribute('playsinline', '');
    video.muted = true;
    holder.current?.append(video);
    void import('qr-scanner').then(async ({ default: QrScanner }) => {
      if (stopped) return;
      const instance = new QrScanner(
        video,
        (result) => {
          const now = Date.now();
          if (pausedRef.current || (result.data === last.current.text && now - last.current.at < 3000)) return;
          last.current = { text: result.data, at: now };
          report.current(result.data);
        },
        { preferredCamera: 'environment', maxScansPerSecond: 10, returnDetailedScanResult: true, calculateScanRegion: wholeFrameSquare },
      );
      scanner.current = instance;
      try {
        await instance.start();
        if (!stopped) setHasTorch(await instance.hasFlash());
      } catch (failure) {
        if (!stopped) setError(t('camera.unavailable', { reason: String((failure as Error)?.message ?? failure) }));
      }
    });
    return () => {
      stopped = true;
      scanner.current?.destroy();
      scanner.current = null;
      video.remove();
    };
  }, []);

  // Decoding stops while a code is being checked: on a slow phone each frame's decode competes with
  // sending the scan and drawing its verdict.
  useEffect(() => {
    if (paused) void scanner.current?.pause();
    else void scanner.current?.start().catch(() => undefined);
  }, [paused]);

  async function toggleTorch() {
    await scanner.current?.toggleFlash();
    setTorchOn(scanner.current?.isFlashOn() ?? false);
  }

  return (
    <div className="camera">
      <div ref={holder} className="viewfinder" aria-label={t('camera.label')} />
      {error && <p className="error">{error}</p>}
      {hasTorch && (
        <button className="torch" onClick={() => void toggleTorch()} aria-pressed={torchOn}>
          {torchOn ? t('camera.torchOff') : t('camera.torchOn')}
        </button>
      )}
    </div>
  );
}
