import { cn } from '../../lib/cn';
import { Spinner } from './spinner';

export interface LoadingStateProps {
  /** What is loading, shown under the spinner and announced politely. */
  message: string;
  /** Fill the viewport (the route guard's loading screen) rather than sit in a card. */
  fullScreen?: boolean;
}

/** A large spinner over one line saying what is being waited for. */
export function LoadingState({ message, fullScreen = false }: LoadingStateProps) {
  return (
    <div role="status" className={cn('flex flex-col items-center justify-center gap-3 text-center', fullScreen ? 'min-h-dvh' : 'py-6')}>
      <Spinner size="lg" className="text-brand-700" />
      <p className="font-medium text-slate-700">{message}</p>
    </div>
  );
}
