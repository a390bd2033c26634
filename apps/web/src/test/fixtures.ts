import {
  type ApiErrorBody,
  type AppConfig,
  type DocumentReference,
  type FlagValues,
  toClientError,
  type User,
  type UserNotification,
} from '@verity/shared';
import { ApiError } from '../lib/api-client';

export function buildTestUser(overrides: Partial<User> = {}): User {
  return {
    user_id: 'usr_1',
    external_id: 'ext_1',
    firstname: 'Amara',
    surname: 'Okafor',
    email: 'amara.okafor@example.nhs.uk',
    job_title: 'Head of Estates',
    account_roles: ['standard'],
    onboarding_complete: true,
    onboarding_modules: [],
    email_verified: true,
    photoURL: null,
    organisation: { id: 'org_1', name: 'Riverside NHS Foundation Trust' },
    flags: buildFlags(),
    ...overrides,
  };
}

export function buildAppConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    product_name: 'Verity',
    version: '0.1.0',
    support_email: 'support@verity.test',
    trusted_by: [],
    trusted_by_professional: [],
    professional_body_logo: null,
    microsoft_sso_enabled: false,
    forum_url: null,
    session_recording_enabled: false,
    posthog: null,
    image_max_bytes: 5 * 1024 * 1024,
    ...overrides,
  };
}

export function buildFlags(overrides: Partial<FlagValues> = {}): FlagValues {
  return {
    'platform-onboarding': true,
    'workforce-reports': true,
    'data-library': true,
    'professional-body-logos': false,
    ...overrides,
  };
}

export function buildNotification(overrides: Partial<UserNotification> = {}): UserNotification {
  return {
    id: 'ntf_1',
    status: 'unread',
    title: 'Review finished',
    message: 'Your review of the waste policy is ready.',
    created_at: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

let nextReference = 0;

/** A document reference for tests; the id is a valid 26-character document id. */
export function buildReference(
  overrides: Partial<DocumentReference> & { tags?: Partial<DocumentReference['tags']> } = {},
): DocumentReference {
  nextReference += 1;
  const { tags, ...rest } = overrides;
  return {
    short_id: `01J${String(nextReference).padStart(23, '0')}`,
    code: `DOC ${nextReference}`,
    title: `Document ${nextReference}`,
    status: 'current',
    edition: '2020',
    ...rest,
    tags: { category: 'Guidance', domain: 'HTM', subdomain: 'HTM 06 Electrical services', ...tags },
  };
}

/** An ApiError exactly as the api client would throw it for this response. */
export function apiError(status: number, body: Omit<ApiErrorBody, 'request_id'> & { request_id?: string }): ApiError {
  const full: ApiErrorBody = { request_id: 'req_test', ...body };
  return new ApiError(status, toClientError(status, full), full);
}
