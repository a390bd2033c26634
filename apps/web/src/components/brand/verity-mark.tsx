import { cn } from '../../lib/cn';

export interface VerityMarkProps {
  className?: string;
  /** Accessible name; omit when the mark sits next to the wordmark or a visible label. */
  title?: string;
  /** 'dark' (default) for light surfaces; 'light' for the dark sidebar rail. */
  tone?: 'dark' | 'light';
}

/** The square Verity mark: a check-like V with a small accent dot. */
export function VerityMark({ className, title, tone = 'dark' }: VerityMarkProps) {
  const background = tone === 'light' ? '#ffffff' : 'var(--color-brand-800)';
  const stroke = tone === 'light' ? 'var(--color-brand-800)' : '#ffffff';
  const dot = tone === 'light' ? 'var(--color-brand-500)' : 'var(--color-accent-300)';
  return (
    <svg
      viewBox="0 0 32 32"
      className={cn('size-8', className)}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <rect width="32" height="32" rx="8" fill={background} />
      <path d="M9 10.5 16 22l7-11.5" fill="none" stroke={stroke} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="23" cy="10.5" r="2" fill={dot} />
    </svg>
  );
}
