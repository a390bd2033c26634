import type { FlagValues } from '../flags.ts';

/** A partner or professional-body logo for the 'Trusted by' strip on the auth pages. */
export interface TrustedLogo {
  name: string;
  logo_url: string;
}

/** GET /api/app-config (public). */
export interface AppConfig {
  product_name: string;
  version: string;
  support_email: string;
  trusted_by: TrustedLogo[];
  trusted_by_professional: TrustedLogo[];
  professional_body_logo: TrustedLogo | null;
  microsoft_sso_enabled: boolean;
  /** Largest accepted profile photo in bytes (the server's IMAGE_MAX_BYTES), so the web can refuse a bigger file before uploading it. */
  image_max_bytes: number;
}

/** GET /api/flags (token optional). */
export interface FlagsResponse {
  flags: FlagValues;
}
