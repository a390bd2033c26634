import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import {
  BetweenHorizontalEnd,
  Bold,
  Heading1,
  Heading2,
  Heading3,
  Italic,
  Link,
  List,
  ListOrdered,
  type LucideIcon,
  Pilcrow,
  Redo2,
  Table,
  Trash2,
  Undo2,
} from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { LinkForm } from './link-form';

/** ⌘ on Apple keyboards, Ctrl elsewhere: how the shortcuts in the tooltips are written. */
const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

interface ToolDefinition {
  id: string;
  label: string;
  icon: LucideIcon;
  /** TipTap's own shortcut for it, shown in the tooltip. */
  shortcut?: string;
  /** `openLinkForm` opens or closes the form for a link's address. */
  run: (editor: Editor, openLinkForm: () => void) => void;
  /** A toggle (bold, a heading level) reports whether it is on with aria-pressed. */
  pressed?: (state: ToolbarState) => boolean;
  disabled?: (state: ToolbarState) => boolean;
}

interface ToolbarState {
  paragraph: boolean;
  heading: number | null;
  bold: boolean;
  italic: boolean;
  link: boolean;
  bulletList: boolean;
  orderedList: boolean;
  table: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

const heading = (level: 1 | 2 | 3): ToolDefinition => ({
  id: `heading-${level}`,
  label: `Heading ${level}`,
  icon: [Heading1, Heading2, Heading3][level - 1] as LucideIcon,
  shortcut: `${MOD}+Alt+${level}`,
  run: (editor) => editor.chain().focus().toggleHeading({ level }).run(),
  pressed: (state) => state.heading === level,
});

/** The toolbar in groups, each a row of buttons with a divider between them. */
const GROUPS: readonly (readonly ToolDefinition[])[] = [
  [
    {
      id: 'undo',
      label: 'Undo',
      icon: Undo2,
      shortcut: `${MOD}+Z`,
      run: (editor) => editor.chain().focus().undo().run(),
      disabled: (state) => !state.canUndo,
    },
    {
      id: 'redo',
      label: 'Redo',
      icon: Redo2,
      shortcut: `${MOD}+Shift+Z`,
      run: (editor) => editor.chain().focus().redo().run(),
      disabled: (state) => !state.canRedo,
    },
  ],
  [
    {
      id: 'paragraph',
      label: 'Paragraph',
      icon: Pilcrow,
      shortcut: `${MOD}+Alt+0`,
      run: (editor) => editor.chain().focus().setParagraph().run(),
      pressed: (state) => state.paragraph,
    },
    heading(1),
    heading(2),
    heading(3),
  ],
  [
    {
      id: 'bold',
      label: 'Bold',
      icon: Bold,
      shortcut: `${MOD}+B`,
      run: (editor) => editor.chain().focus().toggleBold().run(),
      pressed: (state) => state.bold,
    },
    {
      id: 'italic',
      label: 'Italic',
      icon: Italic,
      shortcut: `${MOD}+I`,
      run: (editor) => editor.chain().focus().toggleItalic().run(),
      pressed: (state) => state.italic,
    },
    {
      id: 'link',
      label: 'Link',
      icon: Link,
      run: (_editor, openLinkForm) => openLinkForm(),
      pressed: (state) => state.link,
    },
  ],
  [
    {
      id: 'bullet-list',
      label: 'Bulleted list',
      icon: List,
      shortcut: `${MOD}+Shift+8`,
      run: (editor) => editor.chain().focus().toggleBulletList().run(),
      pressed: (state) => state.bulletList,
    },
    {
      id: 'ordered-list',
      label: 'Numbered list',
      icon: ListOrdered,
      shortcut: `${MOD}+Shift+7`,
      run: (editor) => editor.chain().focus().toggleOrderedList().run(),
      pressed: (state) => state.orderedList,
    },
  ],
  [
    {
      id: 'table',
      label: 'Insert a table',
      icon: Table,
      run: (editor) => editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
      disabled: (state) => state.table,
    },
    {
      id: 'add-row',
      label: 'Add a row below',
      icon: BetweenHorizontalEnd,
      run: (editor) => editor.chain().focus().addRowAfter().run(),
      disabled: (state) => !state.table,
    },
    {
      id: 'delete-row',
      label: 'Delete this row',
      icon: Trash2,
      run: (editor) => editor.chain().focus().deleteRow().run(),
      disabled: (state) => !state.table,
    },
  ],
];

function readState(editor: Editor): ToolbarState {
  const level = editor.getAttributes('heading').level;
  return {
    paragraph: editor.isActive('paragraph') && !editor.isActive('heading'),
    heading: editor.isActive('heading') && typeof level === 'number' ? level : null,
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    link: editor.isActive('link'),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    table: editor.isActive('table'),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

function ToolButton({
  tool,
  state,
  tabStop,
  onRun,
  onFocus,
}: {
  tool: ToolDefinition;
  state: ToolbarState;
  /** The one button of the toolbar that Tab reaches. */
  tabStop: boolean;
  onRun: () => void;
  onFocus: () => void;
}) {
  const { label, shortcut, icon: Icon } = tool;
  const pressed = tool.pressed?.(state);
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut?.replace(MOD, MOD === '⌘' ? 'Meta' : 'Control')}
      title={shortcut ? `${label} (${shortcut})` : label}
      disabled={tool.disabled?.(state)}
      tabIndex={tabStop ? 0 : -1}
      // The editor keeps its selection: a click on a tool must not take focus away from the text first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onRun}
      onFocus={onFocus}
      data-tool={tool.id}
      className={cn(
        'focus-ring inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent',
        pressed && 'bg-brand-50 text-brand-800 hover:bg-brand-100',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}

/**
 * The editor's formatting toolbar (the WAI-ARIA toolbar pattern: one tab stop; the arrow keys,
 * Home and End move between its buttons). Every button is named and gives its shortcut, and a
 * toggle says whether it is on. The link button opens a small form under the row for the address.
 */
export function EditorToolbar({ editor, contentId }: { editor: Editor; contentId: string }) {
  const state = useEditorState({ editor, selector: ({ editor: current }) => readState(current) });
  const [linking, setLinking] = useState(false);
  const [focusedTool, setFocusedTool] = useState<string>();
  const rowRef = useRef<HTMLDivElement>(null);

  const enabled = GROUPS.flat().filter((tool) => !tool.disabled?.(state));
  const tabStop = enabled.find((tool) => tool.id === focusedTool)?.id ?? enabled[0]?.id;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(rowRef.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    buttons[(next + buttons.length) % buttons.length]?.focus();
  };

  return (
    <div className="sticky top-14 z-20 rounded-t-xl border-slate-200 border-b bg-white md:top-0">
      <div
        ref={rowRef}
        role="toolbar"
        aria-label="Formatting"
        aria-controls={contentId}
        onKeyDown={onKeyDown}
        className="flex flex-wrap items-center gap-x-3 gap-y-1 px-2 py-1.5 sm:gap-x-1"
      >
        {GROUPS.map((group, groupIndex) => (
          <div key={group[0]?.id} className="flex items-center gap-0.5">
            {groupIndex > 0 && <span aria-hidden="true" className="mr-1 h-5 w-px bg-slate-200 max-sm:hidden" />}
            {group.map((tool) => (
              <ToolButton
                key={tool.id}
                tool={tool}
                state={state}
                tabStop={tool.id === tabStop}
                onFocus={() => setFocusedTool(tool.id)}
                onRun={() => tool.run(editor, () => setLinking((open) => !open))}
              />
            ))}
          </div>
        ))}
      </div>
      {linking && <LinkForm editor={editor} onDone={() => setLinking(false)} />}
    </div>
  );
}
