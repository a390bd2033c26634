import type { Editor } from '@tiptap/core';
import type { EditorView } from '@tiptap/pm/view';
import { EditorContent, useEditor } from '@tiptap/react';
import type { WriteContent } from '@verity/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { writeEditorExtensions } from './editor-extensions';
import { EditorToolbar } from './editor-toolbar';
import './document-editor.css';

/**
 * The document's rich-text editor (TipTap). Its code and styles are a chunk of their own, loaded
 * only when a document page opens (WriteDocumentPage imports it with React.lazy).
 */

export interface DocumentEditorProps {
  /** The saved content the editor starts from; later changes to it are not applied (remount to reload). */
  content: WriteContent;
  /** The whole document after each change. */
  onChange: (content: WriteContent) => void;
  /** A decision or action (a row or list item written from one) was clicked. */
  onItemClick: (item: string) => void;
  /** The item whose transcript lines are showing, highlighted in the text. */
  selectedItem: string | null;
}

/** The item of the row or list item at a position of the document, if it was written from one. */
export function itemAt(view: EditorView, pos: number): string | null {
  const $pos = view.state.doc.resolve(pos);
  for (let depth = $pos.depth; depth > 0; depth--) {
    const item = $pos.node(depth).attrs.item;
    if (typeof item === 'string' && item !== '') return item;
  }
  return null;
}

/** Always the newest function, for the editor's handlers, which are registered once. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}

export function DocumentEditor({ content, onChange, onItemClick, selectedItem }: DocumentEditorProps) {
  const contentId = useId();
  const onChangeRef = useLatest(onChange);
  const onItemClickRef = useLatest(onItemClick);

  // Made once: useEditor compares its options on every render and applies again any that changed.
  const [options] = useState(() => ({
    extensions: writeEditorExtensions(),
    content,
    // The toolbar follows the editor through useEditorState: typing re-renders no React tree.
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id: contentId,
        'aria-label': 'Document text',
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'write-prose focus-ring min-h-[60vh] px-4 py-5 sm:px-8 sm:py-6',
        spellcheck: 'true',
        lang: 'en-GB',
      },
      handleClick: (view: EditorView, pos: number) => {
        const item = itemAt(view, pos);
        if (item) onItemClickRef.current(item);
        // The click still places the cursor where it landed.
        return false;
      },
    },
    onUpdate: ({ editor: current }: { editor: Editor }) => onChangeRef.current(current.getJSON() as WriteContent),
  }));
  const editor = useEditor(options);

  return (
    <div className="write-editor" data-editor-root="">
      {selectedItem && (
        // The highlight follows the item through edits without touching the editor's own DOM.
        <style>{`#${CSS.escape(contentId)} [data-item="${CSS.escape(selectedItem)}"] { background-color: #fffbeb; box-shadow: inset 3px 0 0 #f59e0b; }`}</style>
      )}
      <EditorToolbar editor={editor} contentId={contentId} />
      <EditorContent editor={editor} />
    </div>
  );
}
