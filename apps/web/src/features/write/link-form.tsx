import type { Editor } from '@tiptap/core';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

export const LINK_INVALID_MESSAGE = 'Enter a web or e-mail address, such as https://www.hse.gov.uk';

/**
 * A web address as typed, made whole ("www.hse.gov.uk" → "https://www.hse.gov.uk"); null when
 * it is not a web or e-mail address (a link in a document sent to others may not run script).
 */
export function normaliseLink(typed: string): string | null {
  const value = typed.trim();
  if (value === '') return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(candidate);
    if (url.protocol === 'mailto:') return url.pathname.includes('@') ? candidate : null;
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.hostname.includes('.') || url.hostname === 'localhost' ? candidate : null;
  } catch {
    return null;
  }
}

/**
 * The address of the link under the cursor, or of a new one: on the selected text, or inserted
 * as its own text when nothing is selected. Enter applies, Escape goes back to the text.
 */
export function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const existing = typeof editor.getAttributes('link').href === 'string' ? (editor.getAttributes('link').href as string) : '';
  const [href, setHref] = useState(existing);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const finish = () => {
    onDone();
    editor.commands.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const url = normaliseLink(href);
    if (url === null) {
      setError(LINK_INVALID_MESSAGE);
      inputRef.current?.focus();
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    } else {
      chain.extendMarkRange('link').setLink({ href: url }).run();
    }
    onDone();
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onDone();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    finish();
  };

  return (
    <form
      onSubmit={submit}
      onKeyDown={onKeyDown}
      aria-label="Link"
      className="flex flex-wrap items-start gap-2 border-slate-200 border-t px-3 py-2"
    >
      <label htmlFor={inputId} className="sr-only">
        Link address
      </label>
      <div className="min-w-48 flex-1">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          inputMode="url"
          value={href}
          onChange={(event) => {
            setHref(event.target.value);
            setError(null);
          }}
          placeholder="https://"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'focus-ring h-8 w-full rounded-md border bg-white px-2.5 text-base text-slate-900 sm:text-sm',
            error ? 'border-red-600' : 'border-slate-300',
          )}
        />
        {error && (
          <p id={errorId} role="alert" className="mt-1 text-red-700 text-xs">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" size="sm" className="h-8">
        {existing ? 'Update link' : 'Add link'}
      </Button>
      {existing && (
        <Button variant="secondary" size="sm" className="h-8" onClick={remove}>
          Remove link
        </Button>
      )}
      <Button variant="ghost" size="sm" className="h-8" onClick={finish}>
        Cancel
      </Button>
    </form>
  );
}
