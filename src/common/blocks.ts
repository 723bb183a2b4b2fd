/**
 * Strapi's rich-text "blocks" value (paragraphs, headings, lists, quotes, code) as plain text and
 * back (the exporter, the search, older plain-text records), and as the rich-text editor's document.
 */

interface BlockNode {
  type?: string;
  text?: string;
  children?: unknown[];
}

/** Block-level node types: each is a line of its own (inline ones, text and link, run on). */
const BLOCK_TYPES = new Set(['paragraph', 'heading', 'list', 'list-item', 'quote', 'code', 'image']);

const isBlock = (node: unknown) => !!node && typeof node === 'object' && BLOCK_TYPES.has(String((node as BlockNode).type));

/** Plain text of a blocks value: one line per paragraph, heading, quote and list item. */
export function blocksToText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return '';
  const walk = (node: unknown): string => {
    if (!node || typeof node !== 'object') return '';
    const n = node as BlockNode;
    if (typeof n.text === 'string') return n.text;
    const children = n.children ?? [];
    if (children.some(isBlock)) return children.map(walk).filter(Boolean).join('\n');
    return children.map(walk).join('');
  };
  return value.map(walk).filter(Boolean).join('\n');
}

/** Text typed in a form as Strapi blocks: one paragraph per line. */
export function textToBlocks(text: string): unknown[] | null {
  if (!text || !text.trim()) return null;
  return text.split('\n').map((line) => ({ type: 'paragraph', children: [{ type: 'text', text: line }] }));
}

/**
 * Strapi blocks and the rich-text editor's document. Strapi's own admin edits blocks with Slate, so
 * the two models are the same tree: paragraph, heading (level), list (format) of list-items (or
 * nested lists), quote, code, image, inline link, and text leaves with their marks (bold, italic,
 * underline, strikethrough, code). The only differences: Strapi's leaves say `type: 'text'`, the
 * editor's do not; the editor keeps empty leaves around inline links and needs one empty paragraph
 * for an empty document, which the stored value leaves out.
 */

export const TEXT_MARKS = ['bold', 'italic', 'underline', 'strikethrough', 'code'] as const;
export type TextMark = (typeof TEXT_MARKS)[number];

export interface EditorText {
  text: string;
  bold?: true;
  italic?: true;
  underline?: true;
  strikethrough?: true;
  code?: true;
}
export interface EditorElement {
  type: string;
  children: EditorNode[];
  [key: string]: unknown;
}
export type EditorNode = EditorElement | EditorText;

type Raw = Record<string, unknown>;

const isTextNode = (node: Raw) => typeof node.text === 'string' && !Array.isArray(node.children);

/** The marks of a leaf that are on (false and absent marks are left out). */
function marksOf(node: Raw): Partial<Record<TextMark, true>> {
  const marks: Partial<Record<TextMark, true>> = {};
  for (const mark of TEXT_MARKS) if (node[mark] === true) marks[mark] = true;
  return marks;
}

export const emptyParagraph = (): EditorElement => ({ type: 'paragraph', children: [{ text: '' }] });

function toEditorNode(node: unknown): EditorNode | null {
  if (!node || typeof node !== 'object') return null;
  const raw = node as Raw;
  if (isTextNode(raw)) return { text: String(raw.text), ...marksOf(raw) };
  if (typeof raw.type !== 'string') return null;
  const { children, ...props } = raw;
  const kids = (Array.isArray(children) ? children : []).map(toEditorNode).filter((n): n is EditorNode => n !== null);
  return { ...props, type: raw.type, children: kids.length ? kids : [{ text: '' }] } as EditorElement;
}

/** A stored value (blocks, plain text of older records, nothing) as the editor's document: never empty. */
export function blocksToEditor(value: unknown): EditorElement[] {
  const blocks = typeof value === 'string' ? textToBlocks(value) : value;
  if (!Array.isArray(blocks)) return [emptyParagraph()];
  const nodes = blocks.map(toEditorNode).filter((n): n is EditorElement => n !== null && 'type' in n);
  return nodes.length ? nodes : [emptyParagraph()];
}

function toBlockNode(node: EditorNode): Raw {
  if (!('type' in node)) return { type: 'text', text: node.text, ...marksOf(node as unknown as Raw) };
  const { children, ...props } = node;
  const converted = children.map(toBlockNode);
  // The editor keeps empty leaves beside inline links; the stored value does not need them.
  const kept = converted.length > 1 ? converted.filter((child) => !(child.type === 'text' && child.text === '')) : converted;
  return { ...props, children: kept.length ? kept : [{ type: 'text', text: '' }] };
}

const hasText = (node: Raw): boolean =>
  node.type === 'image' || (typeof node.text === 'string' ? node.text.trim() !== '' : Array.isArray(node.children) && (node.children as Raw[]).some(hasText));

/** The editor's document as Strapi blocks; null when it holds no text (an empty body is stored as null). */
export function editorToBlocks(nodes: readonly EditorNode[]): Raw[] | null {
  const blocks = nodes.filter((n): n is EditorElement => 'type' in n).map(toBlockNode);
  return blocks.some(hasText) ? blocks : null;
}
