/**
 * Strapi's rich-text "blocks" value (paragraphs, headings, lists, quotes, code) as plain text and
 * back. Used by forms (a multi-line text input) and the exporter.
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
