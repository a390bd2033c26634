import { cn } from '../../lib/cn';

export interface VerityMarkProps {
  className?: string;
  /** Accessible name; omit when the mark sits next to the wordmark or a visible label. */
  title?: string;
}

/** The square Verity mark: a check-like V with a small accent dot. */
export function VerityMark({ className, title }: VerityMarkProps) {
  return (
    <svg
      viewBox="0 0 32 32"
      className={cn('size-8', className)}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <rect width="32" height="32" rx="8" fill="var(--color-brand-800)" />
      <path
        d="M9 10.5 16 22l7-11.5"
        fill="none"
        stroke="#ffffff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="23" cy="10.5" r="2" fill="var(--color-accent-300)" />
    </svg>
  );
}
