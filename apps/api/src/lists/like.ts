/** A LIKE pattern for `text` anywhere in a value; LIKE's own characters in the text match themselves. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
