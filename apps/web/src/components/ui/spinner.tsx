import { cn } from '../../lib/cn';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  size?: SpinnerSize;
  className?: string;
  /** Accessible name; omit when the spinner sits next to visible text that says what is happening. */
  label?: string;
}

const SIZES: Record<SpinnerSize, string> = {
  sm: 'size-4 border-2',
  md: 'size-6 border-2',
  lg: 'size-10 border-[3px]',
};

export function Spinner({ size = 'md', className, label }: SpinnerProps) {
  const classes = cn(
    'inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]',
    SIZES[size],
    className,
  );
  if (label) return <span role="status" aria-label={label} className={classes} />;
  return <span aria-hidden="true" className={classes} />;
}
