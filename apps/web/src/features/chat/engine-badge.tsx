import { Cpu } from 'lucide-react';
import { cn } from '../../lib/cn';

const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  openai: 'OpenAI',
  azure: 'Azure OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible',
};

/** The engine an answer records, for people: 'builtin' → "Built-in engine", 'provider:openai:gpt-4o' → "OpenAI · gpt-4o". */
export function engineLabel(engine: string): string {
  if (engine === 'builtin') return 'Built-in engine';
  const [kind, provider, ...model] = engine.split(':');
  if (kind === 'provider' && provider) {
    const name = PROVIDER_NAMES[provider] ?? provider;
    return model.length > 0 ? `${name} · ${model.join(':')}` : name;
  }
  return engine;
}

export interface EngineBadgeProps {
  /** The engine id recorded on an answer, or a ready label (the server's config label). */
  engine?: string;
  label?: string;
  className?: string;
}

/** A small quiet badge saying which engine wrote (or will write) the answers. */
export function EngineBadge({ engine, label, className }: EngineBadgeProps) {
  const text = label ?? (engine ? engineLabel(engine) : '');
  if (!text) return null;
  return (
    <span
      title="The engine that wrote this answer"
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-full border border-slate-200 bg-white px-2 py-0.5 text-slate-600 text-xs',
        className,
      )}
    >
      <Cpu aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="truncate">{text}</span>
    </span>
  );
}
