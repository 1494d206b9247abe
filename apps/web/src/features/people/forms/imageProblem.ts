import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '@eticket/contracts';

/** Why a chosen file cannot be sent, as the server would say it, or null (the server still checks the bytes). */
export function imageProblem(label: string, file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return `${label} must be a jpeg, png or webp image`;
  if (file.size > MAX_IMAGE_BYTES) return `${label} is larger than 5 MB`;
  return null;
}
