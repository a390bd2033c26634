import { Link, type LinkProps } from 'react-router';
import { cn } from '../../lib/cn';

/** An in-app link that reads as a link: brand colour, underlined on hover, visible focus. */
export function TextLink({ className, ...props }: LinkProps) {
  return (
    <Link
      className={cn('focus-ring rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline', className)}
      {...props}
    />
  );
}
