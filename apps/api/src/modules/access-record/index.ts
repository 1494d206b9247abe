// The record of every look at personal data (issue 46): its public face.
export { createAccessRecorder, originOf, recordLooks, type AccessRecorder, type Look, type LookOrigin } from './record.ts';
