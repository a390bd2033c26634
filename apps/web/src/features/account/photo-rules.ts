import { ERROR_CODES } from '@verity/shared';
import { useAppConfig } from '../../lib/app-config';

/**
 * The server's default IMAGE_MAX_BYTES. Used only until GET /api/app-config answers with the
 * real limit (image_max_bytes), or if it cannot be loaded: the server checks the size again.
 */
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export const PROFILE_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const PROFILE_PHOTO_ACCEPT = PROFILE_PHOTO_TYPES.join(',');

/** 5242880 → '5 MB', 1572864 → '1.5 MB'. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** The largest photo the server accepts: from the app config, or the default while it loads. */
export function useProfilePhotoMaxBytes(): number {
  const { data } = useAppConfig();
  return data?.image_max_bytes ?? PROFILE_PHOTO_MAX_BYTES;
}

/** Shown beside the upload button. */
export function photoRulesText(maxBytes: number): string {
  return `PNG, JPEG, GIF or WebP, up to ${formatMegabytes(maxBytes)}.`;
}

/**
 * Why this file cannot be a profile photo, or null when it may be sent. Checked here first so
 * nobody waits to upload a file that will be refused; the server checks the real content again,
 * and an empty browser-reported type is left for it to judge.
 */
export function photoProblem(file: File, maxBytes: number): string | null {
  if (file.size > maxBytes) {
    return `${ERROR_CODES.fileTooLarge.title}: photos must be ${formatMegabytes(maxBytes)} or smaller, and this file is ${formatMegabytes(file.size)}.`;
  }
  if (file.type !== '' && !(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return ERROR_CODES.invalidUpload.message;
  }
  return null;
}
