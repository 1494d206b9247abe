/** At most 1 MB per image, scaled on the phone before upload (a phone photo is often 3–6 MB). */
const MAX_IMAGE_BYTES = 1024 * 1024;

/** A camera photo as a JPEG of at most MAX_IMAGE_BYTES: the long side at most 1600 px, smaller and rougher until it fits. */
export async function scaleImage(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    for (const [side, quality] of [
      [1600, 0.82],
      [1280, 0.75],
      [1024, 0.7],
      [800, 0.65],
      [640, 0.6],
    ] as const) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
      if (blob && blob.size <= MAX_IMAGE_BYTES) return blob;
    }
    throw new Error('This photo could not be made small enough; take it again');
  } finally {
    bitmap.close();
  }
}
