import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { MAX_IMAGE_BYTES, PEOPLE_MESSAGES } from '@eticket/contracts';
import { HttpError, badRequest } from './errors.ts';

export interface MultipartForm {
  /** Text fields by name. */
  fields: Record<string, string>;
  /** Uploaded files by field name, not yet checked (see cleanImage). */
  files: Map<string, Buffer>;
}

const MAX_TEXT_FIELDS = 40;
const MAX_TEXT_BYTES = 4096;
/** A file's name as sent: never stored or used (files are stored under random names), but one with path parts is an attack. */
const PLAIN_FILE_NAME = (name: string) => !/[/\\\0]/.test(name) && name !== '.' && name !== '..' && name.length <= 255;

/**
 * Reads a whole multipart form into memory: its text fields, and the files of the named fields
 * (each at most 5 MB). Anything else, a field sent twice, or a form that cannot be read is a 400.
 */
export async function readMultipartForm(request: FastifyRequest, fileFields: readonly string[]): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest(PEOPLE_MESSAGES.notMultipart);
  const form: MultipartForm = { fields: {}, files: new Map() };
  const parts = request.parts({
    // Keep the name as sent, so a name with folders in it is seen (and refused) rather than cut to its last part.
    preservePath: true,
    limits: {
      fields: MAX_TEXT_FIELDS,
      fieldSize: MAX_TEXT_BYTES,
      fieldNameSize: 100,
      files: fileFields.length,
      fileSize: MAX_IMAGE_BYTES,
      parts: MAX_TEXT_FIELDS + fileFields.length,
    },
  });
  try {
    for await (const part of parts) await addPart(form, part, fileFields);
  } catch (error) {
    throw asBadRequest(error, fileFields.length);
  }
  return form;
}

async function addPart(form: MultipartForm, part: Multipart, fileFields: readonly string[]): Promise<void> {
  const name = part.fieldname;
  if (part.type === 'file') {
    if (!fileFields.includes(name)) {
      part.file.resume();
      throw badRequest(`${name} is not a file this form takes (it takes ${fileFields.join(', ') || 'none'})`);
    }
    if (!PLAIN_FILE_NAME(part.filename)) {
      part.file.resume();
      throw badRequest(`${name}'s file name must be a plain name, without folders or path parts`);
    }
    if (form.files.has(name)) throw badRequest(`${name} was sent twice`);
    form.files.set(name, await part.toBuffer());
    return;
  }
  if (part.valueTruncated) throw badRequest(`${name} is too long`);
  if (typeof part.value !== 'string') throw badRequest(`${name} must be text`);
  if (Object.hasOwn(form.fields, name)) throw badRequest(`${name} was sent twice`);
  form.fields[name] = part.value;
}

/** The multipart plugin's errors (413s and others) as a 400 that says what was wrong. */
function asBadRequest(error: unknown, maxFiles: number): HttpError {
  if (error instanceof HttpError) return error;
  const { code, part } = error as { code?: string; part?: { fieldname?: string } };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return badRequest(`${part?.fieldname ?? 'a file'} is larger than 5 MB`);
    case 'FST_FILES_LIMIT':
      return badRequest(`At most ${maxFiles} images may be sent with this form`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest('The form has too many fields');
    default:
      return badRequest('The form could not be read; send it as multipart/form-data');
  }
}
