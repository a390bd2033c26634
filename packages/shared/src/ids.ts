import { DOCUMENT_ID_LENGTH } from './constants.ts';

const DOCUMENT_ID = new RegExp(`^[A-Za-z0-9]{${DOCUMENT_ID_LENGTH}}$`);

/** An identifier of exactly 26 letters or digits is a document id; anything else is a file name. */
export function isDocumentId(idOrFilename: string): boolean {
  return DOCUMENT_ID.test(idOrFilename);
}
