import type { Locator } from '@playwright/test';

/**
 * The dark and light modules of the QR code an <img> shows (made with margin 2, as qrCode.ts makes
 * it), read from the pixel at each module's centre: compared with the modules of a text, it proves
 * the image holds exactly that text.
 */
export function modulesOf(image: Locator, size: number): Promise<boolean[]> {
  return image.evaluate(async (element: HTMLImageElement, n: number) => {
    const source = new Image();
    source.src = element.src;
    await source.decode();
    const canvas = document.createElement('canvas');
    canvas.width = source.naturalWidth;
    canvas.height = source.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(source, 0, 0);
    const scale = canvas.width / (n + 4);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const dark: boolean[] = [];
    for (let row = 0; row < n; row += 1) {
      for (let column = 0; column < n; column += 1) {
        const x = Math.floor((column + 2.5) * scale);
        const y = Math.floor((row + 2.5) * scale);
        dark.push(pixels[(y * canvas.width + x) * 4] < 128);
      }
    }
    return dark;
  }, size);
}
