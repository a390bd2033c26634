import { type AppConfig, LOGO_CAROUSEL_REPEAT, type TrustedLogo } from '@verity/shared';

export interface TrustedLogoSet {
  logos: TrustedLogo[];
  professionalBody: TrustedLogo | null;
}

/** With the 'professional-body-logos' flag on, the professional set and the body's own logo are shown. */
export function selectTrustedLogos(config: AppConfig | undefined, professionalFlagOn: boolean): TrustedLogoSet {
  if (!config) return { logos: [], professionalBody: null };
  if (professionalFlagOn) {
    return { logos: config.trusted_by_professional, professionalBody: config.professional_body_logo };
  }
  return { logos: config.trusted_by, professionalBody: null };
}

/** The marquee shows the list repeated so the loop joins seamlessly (SPEC §9: twice). */
export function repeatForCarousel<T>(items: readonly T[]): T[] {
  return Array.from({ length: LOGO_CAROUSEL_REPEAT }, () => items).flat();
}
