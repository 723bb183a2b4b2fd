import { Editor, Element, Node, Range, Text, Transforms, type BaseEditor, type NodeEntry } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';
import { emptyParagraph, type EditorElement, type EditorText, type TextMark } from '../../common/blocks';

/**
 * The rich-text editor's commands and rules on Slate's model, apart from React (unit-tested in node):
 * block styles (paragraph, headings 1 to 6, quote), lists, marks, and the rules of the stored tree.
 */

declare module 'slate' {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor & HistoryEditor;
    Element: EditorElement;
    Text: EditorText;
  }
}

export type BlockStyle = 'paragraph' | `heading-${1 | 2 | 3 | 4 | 5 | 6}` | 'quote' | 'code';
export type ListFormat = 'ordered' | 'unordered';

const isElementOf = (type: string) => (node: Node) => Element.isElement(node) && node.type === type;
const isList = isElementOf('list');

/** The lowest block around the selection (a paragraph, a heading, a list item...). */
export function currentBlock(editor: Editor): NodeEntry<EditorElement> | undefined {
  if (!editor.selection) return undefined;
  const [entry] = Editor.nodes(editor, { match: (n) => Element.isElement(n) && Editor.isBlock(editor, n) && n.type !== 'list', mode: 'lowest' });
  return entry as NodeEntry<EditorElement> | undefined;
}

export function blockStyleOf(editor: Editor): BlockStyle | 'list' {
  const block = currentBlock(editor)?.[0];
  if (!block) return 'paragraph';
  if (block.type === 'heading') return `heading-${(block.level as 1) ?? 1}`;
  if (block.type === 'list-item') return 'list';
  return (['quote', 'code'].includes(block.type) ? block.type : 'paragraph') as BlockStyle;
}

export function listFormatOf(editor: Editor): ListFormat | undefined {
  if (!editor.selection) return undefined;
  const [entry] = Editor.nodes(editor, { match: isList, mode: 'lowest' });
  return entry ? ((entry[0] as EditorElement).format as ListFormat) : undefined;
}

// Each command is one change: the tree's rules (a list item outside a list, a paragraph inside one) apply once it is done.
export function setBlockStyle(editor: Editor, style: BlockStyle) {
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: isList, split: true, mode: 'all' });
    const [type, level] = style.split('-');
    Transforms.setNodes(editor, { type, ...(level ? { level: Number(level) } : {}) }, { match: (n) => Element.isElement(n) && Editor.isBlock(editor, n) });
    if (!level) Transforms.unsetNodes(editor, 'level', { match: (n) => Element.isElement(n) && Editor.isBlock(editor, n) });
  });
}

export function toggleList(editor: Editor, format: ListFormat) {
  const active = listFormatOf(editor) === format;
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: isList, split: true, mode: 'all' });
    Transforms.unsetNodes(editor, 'level', { match: (n) => Element.isElement(n) && Editor.isBlock(editor, n) });
    Transforms.setNodes(editor, { type: active ? 'paragraph' : 'list-item' }, { match: (n) => Element.isElement(n) && Editor.isBlock(editor, n) });
    if (!active) Transforms.wrapNodes(editor, { type: 'list', format, children: [] }, { match: isElementOf('list-item') });
  });
}

export const isMarkActive = (editor: Editor, mark: TextMark) => (Editor.marks(editor) as Record<string, unknown> | null)?.[mark] === true;
export function toggleMark(editor: Editor, mark: TextMark) {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

/** The rules of the stored tree: lists hold list items, list items live in lists, links inline, images void; Enter after a heading starts a paragraph, Enter in an empty list item leaves the list. */
export function withContentRules(editor: Editor): Editor {
  const { normalizeNode, insertBreak, isInline, isVoid } = editor;
  editor.isInline = (element) => element.type === 'link' || isInline(element);
  editor.isVoid = (element) => element.type === 'image' || isVoid(element);
  editor.normalizeNode = (entry) => {
    const [node, path] = entry;
    if (Element.isElement(node) && node.type === 'list') {
      for (const [child, childPath] of Node.children(editor, path)) {
        if (Text.isText(child)) {
          Transforms.wrapNodes(editor, { type: 'list-item', children: [] }, { at: childPath });
          return;
        }
        if (Element.isElement(child) && child.type !== 'list-item' && child.type !== 'list' && !editor.isInline(child)) {
          Transforms.setNodes(editor, { type: 'list-item' }, { at: childPath });
          return;
        }
      }
    }
    if (Element.isElement(node) && node.type === 'list-item' && path.length === 1) {
      Transforms.wrapNodes(editor, { type: 'list', format: 'unordered', children: [] }, { at: path });
      return;
    }
    normalizeNode(entry);
  };
  editor.insertBreak = () => {
    const entry = currentBlock(editor);
    const selection = editor.selection;
    if (entry && selection && Range.isCollapsed(selection)) {
      const [block, path] = entry;
      if (block.type === 'list-item' && Editor.isEmpty(editor, block)) {
        // Out of the innermost list: a paragraph, or an item of the list around it.
        Editor.withoutNormalizing(editor, () => {
          Transforms.setNodes(editor, { type: 'paragraph' }, { at: path });
          Transforms.unwrapNodes(editor, { match: isList, split: true, mode: 'lowest' });
        });
        return;
      }
      if (block.type === 'heading' && Editor.isEnd(editor, selection.anchor, path)) {
        Transforms.insertNodes(editor, emptyParagraph());
        return;
      }
    }
    insertBreak();
  };
  return editor;
}
