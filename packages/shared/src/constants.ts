export const AUTH_TOKEN_HEADER = 'auth-token';
export const INGESTION_TOKEN_HEADER = 'token';

export const DOCUMENT_ID_LENGTH = 26;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
