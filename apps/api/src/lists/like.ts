const escaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A LIKE pattern for `text` anywhere in a value; LIKE's own characters in the text match themselves. */
export const containing = (text: string): string => `%${escaped(text)}%`;

/** A LIKE pattern for values starting with `text`; LIKE's own characters in the text match themselves. */
export const startingWith = (text: string): string => `${escaped(text)}%`;
