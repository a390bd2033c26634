import { Extension, type Extensions } from '@tiptap/core';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { StarterKit } from '@tiptap/starter-kit';

/**
 * What the document editor offers, which is exactly what the server accepts and the Word export
 * renders (WRITE_NODE_TYPES and the bold, italic and link marks): StarterKit's extras that
 * have no place in minutes (quotes, code, rules, strike-through, underline) are left out.
 */

/** The node types whose `item` attribute names the decision or action they were written from. */
export const ITEM_NODE_TYPES = ['tableRow', 'listItem'] as const;

/**
 * Keeps `attrs.item` on table rows and list items (`action-3`), written as data-item, so a row
 * keeps its link to the transcript lines it came from however it is edited. A row or item split
 * off one (Enter at its end) is new text, and so has none.
 */
export const ItemAttribute = Extension.create({
  name: 'itemAttribute',
  addGlobalAttributes() {
    return [
      {
        types: [...ITEM_NODE_TYPES],
        attributes: {
          item: {
            default: null,
            keepOnSplit: false,
            parseHTML: (element) => element.getAttribute('data-item'),
            renderHTML: (attributes) => (typeof attributes.item === 'string' ? { 'data-item': attributes.item } : {}),
          },
        },
      },
    ];
  },
});

export function writeEditorExtensions(): Extensions {
  return [
    StarterKit.configure({
      blockquote: false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
      strike: false,
      underline: false,
      // It would add a paragraph after a closing table or list at the first click: a save nobody asked for.
      trailingNode: false,
      heading: { levels: [1, 2, 3] },
      // Clicking a link places the cursor in it to edit it, as a word processor does.
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
      },
    }),
    // The wrapper lets a wide table scroll sideways on a phone.
    Table.configure({ resizable: false, renderWrapper: true }),
    TableRow,
    TableHeader,
    TableCell,
    ItemAttribute,
  ];
}
