import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import type { Role } from '../roles.ts';

const name = (label: string) => z.string().trim().min(1, `${label} is required`).max(100, `${label} must be at most 100 characters`);

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

/** POST auth/login (multipart). */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});

/** POST auth/signup (multipart). */
export const signupSchema = z
  .object({
    first_name: name('First name'),
    surname: name('Surname'),
    job_title: name('Job title'),
    email: emailSchema,
    password: passwordSchema,
    confirm_password: z.string(),
  })
  .refine((v) => v.password === v.confirm_password, { message: 'The passwords do not match', path: ['confirm_password'] });

/** POST auth/reset_password (multipart). */
export const requestPasswordResetSchema = z.object({ email: emailSchema });

/** POST /auth/reset-password (JSON). */
export const resetPasswordSchema = z.object({ oobCode: z.string().min(1).max(200), newPassword: passwordSchema });

/** POST /auth/verify-email (JSON). */
export const verifyEmailSchema = z.object({ oobCode: z.string().min(1).max(200) });

/** POST account/update (JSON). */
export const updateProfileSchema = z.object({
  firstname: name('First name'),
  surname: name('Surname'),
  job_title: name('Job title'),
});

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
export interface User {
  user_id: string;
  external_id: string;
  firstname: string;
  surname: string;
  email: string;
  job_title: string;
  account_roles: Role[];
  onboarding_complete: boolean;
  email_verified: boolean;
  photoURL: string | null;
  organisation: { id: string; name: string };
}

export interface LoginResponse {
  auth_token: string | null;
  message: string;
  error: string | null;
}

export interface MessageResponse {
  message: string;
}
