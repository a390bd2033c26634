import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { ONBOARDING_MODULE_KEYS } from '../onboarding-keys.ts';
import { ROLES } from '../roles.ts';
import { flagValuesSchema } from './app-config.ts';
import { LINK_CODE_MAX_LENGTH } from './link-code.ts';

/** A required short text field (a name, a job title), trimmed, at most 100 characters. */
export const requiredName = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(100, `${label} must be at most 100 characters`);

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'E-mail address is too long')
  .pipe(z.email('Enter a valid e-mail address'));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** The code of a password reset or e-mail verification link, read by `linkCode`'s rule. */
const linkCodeSchema = z.string().trim().min(1).max(LINK_CODE_MAX_LENGTH);

/** POST auth/login (multipart). */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});

/** POST auth/signup (multipart). */
export const signupSchema = z
  .object({
    first_name: requiredName('First name'),
    surname: requiredName('Surname'),
    job_title: requiredName('Job title'),
    email: emailSchema,
    password: passwordSchema,
    confirm_password: z.string(),
  })
  .refine((v) => v.password === v.confirm_password, { message: 'The passwords do not match', path: ['confirm_password'] });

/** POST auth/reset_password (multipart). */
export const requestPasswordResetSchema = z.object({ email: emailSchema });

/** POST /auth/reset-password (JSON). */
export const resetPasswordSchema = z.object({ oobCode: linkCodeSchema, newPassword: passwordSchema });

/** POST /auth/verify-email (JSON). */
export const verifyEmailSchema = z.object({ oobCode: linkCodeSchema });

/** POST account/update (JSON). */
export const updateProfileSchema = z.object({
  firstname: requiredName('First name'),
  surname: requiredName('Surname'),
  job_title: requiredName('Job title'),
});

/**
 * POST account/onboarding (JSON): onboarding modules completed on this device. They are added to
 * the ones the account already has (another device's are never lost); starting over clears them.
 */
export const onboardingProgressSchema = z.strictObject({
  completed_modules: z.array(z.enum(ONBOARDING_MODULE_KEYS)).max(ONBOARDING_MODULE_KEYS.length),
  restart: z.boolean().optional(),
});
export type OnboardingProgressInput = z.infer<typeof onboardingProgressSchema>;

/** POST account/change-password (JSON). */
export const changePasswordSchema = z.object({
  old_password: z.string().min(1, 'Current password is required'),
  new_password: passwordSchema,
});

export type LoginInput = z.infer<typeof loginSchema>;
export type SignupInput = z.infer<typeof signupSchema>;
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The user as account/info returns it and the client keeps it (localStorage `user`). */
export const userSchema = z.object({
  user_id: z.string(),
  external_id: z.string(),
  firstname: z.string(),
  surname: z.string(),
  email: z.string(),
  job_title: z.string(),
  account_roles: z.array(z.enum(ROLES)),
  onboarding_complete: z.boolean(),
  /** The onboarding modules this person has completed, on any device. */
  onboarding_modules: z.array(z.enum(ONBOARDING_MODULE_KEYS)),
  email_verified: z.boolean(),
  photoURL: z.string().nullable(),
  organisation: z.object({ id: z.string(), name: z.string() }),
  /** The feature flags as evaluated for this user's organisation and roles, so the web never shows a flagged page before it knows. */
  flags: flagValuesSchema,
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({
  auth_token: z.string().nullable(),
  message: z.string(),
  error: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** An answer that is a sentence for the person. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** GET /api/account/image: the stored photo, when there is one. */
export const photoInfoSchema = z.object({
  data: z.array(z.object({ url: z.string(), content_type: z.string(), size: z.number().int() })),
});
export type PhotoInfo = z.infer<typeof photoInfoSchema>;

/**
 * A file field of a multipart form: a Blob or File in the browser, the uploaded bytes on the
 * server. `message` is what a request without one is told.
 */
export const uploadedFile = (message: string) =>
  z
    .custom<Blob | Uint8Array>((value) => value instanceof Uint8Array || (typeof Blob !== 'undefined' && value instanceof Blob), message)
    .meta({ type: 'string', format: 'binary' });

/** POST account/upload/image (multipart). */
export const uploadPhotoSchema = z.object({ file: uploadedFile('Choose an image file to upload.') });
