import type { AppConfig, TrustedLogo } from '@verity/shared';
import { LOGO_CAROUSEL_REPEAT } from '../../lib/constants';

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

export interface CarouselEntry {
  key: string;
  logo: TrustedLogo;
  /** 0 for the first pass; later passes are visual repeats only. */
  copy: number;
}

/** The marquee shows the list repeated so the loop joins seamlessly (the list appears twice). */
export function carouselEntries(logos: readonly TrustedLogo[]): CarouselEntry[] {
  return Array.from({ length: LOGO_CAROUSEL_REPEAT }, (_, copy) =>
    logos.map((logo, index) => ({ key: `${copy}-${index}-${logo.logo_url}`, logo, copy })),
  ).flat();
}
