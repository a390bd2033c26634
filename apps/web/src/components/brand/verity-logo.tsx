import { cn } from '../../lib/cn';
import { VerityMark } from './verity-mark';

export interface VerityLogoProps {
  className?: string;
  /** 'md' for headers and menus, 'lg' for the auth card. */
  size?: 'md' | 'lg';
}

/** Mark plus wordmark; announced once as "Verity". */
export function VerityLogo({ className, size = 'md' }: VerityLogoProps) {
  return (
    <span role="img" aria-label="Verity" className={cn('inline-flex items-center gap-2.5', className)}>
      <VerityMark className={size === 'lg' ? 'size-10' : 'size-8'} />
      <span
        aria-hidden="true"
        className={cn(
          'font-semibold text-brand-900 tracking-tight',
          size === 'lg' ? 'text-[1.75rem] leading-none' : 'text-xl leading-none',
        )}
      >
        Verity
      </span>
    </span>
  );
}
