import type { TrustedLogo } from '@verity/shared';
import { carouselEntries } from './trusted-logos';

export interface TrustedByCarouselProps {
  logos: readonly TrustedLogo[];
  professionalBody: TrustedLogo | null;
}

/**
 * A slow marquee of partner logos. The list is rendered twice and the track moves by half its
 * width, so the loop is seamless; only the first copy is exposed to assistive technology. With
 * reduced motion the track stands still and shows one wrapped copy.
 */
export function TrustedByCarousel({ logos, professionalBody }: TrustedByCarouselProps) {
  if (logos.length === 0 && !professionalBody) return null;

  return (
    <section aria-labelledby="trusted-by-heading" className="mt-8 w-full">
      {logos.length > 0 && (
        <>
          <h2 id="trusted-by-heading" className="mb-3 text-center font-medium text-slate-500 text-xs uppercase tracking-wider">
            Trusted by
          </h2>
          <div
            className="relative overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_12%,black_88%,transparent)] motion-reduce:[mask-image:none]"
            data-testid="trusted-by-strip"
          >
            <ul className="flex w-max animate-marquee items-center motion-reduce:w-full motion-reduce:animate-none motion-reduce:flex-wrap motion-reduce:justify-center">
              {carouselEntries(logos).map(({ key, logo, copy }) => (
                <li
                  key={key}
                  aria-hidden={copy > 0 ? true : undefined}
                  className={copy > 0 ? 'shrink-0 px-5 motion-reduce:hidden' : 'shrink-0 px-5 motion-reduce:py-2'}
                >
                  <img
                    src={logo.logo_url}
                    alt={copy > 0 ? '' : logo.name}
                    className="h-8 w-auto max-w-32 object-contain opacity-80 grayscale"
                    loading="lazy"
                    decoding="async"
                  />
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
      {professionalBody && (
        <div className="mt-6 flex flex-col items-center gap-2">
          <p className="text-slate-500 text-xs">In partnership with</p>
          <img src={professionalBody.logo_url} alt={professionalBody.name} className="h-10 w-auto max-w-40 object-contain" />
        </div>
      )}
    </section>
  );
}
