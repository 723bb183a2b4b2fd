/** Strapi rich-text ("blocks") builders. */

type Text = { type: 'text'; text: string; bold?: boolean; italic?: boolean };
export type Block =
  | { type: 'paragraph'; children: Text[] }
  | { type: 'heading'; level: number; children: Text[] }
  | { type: 'list'; format: 'ordered' | 'unordered'; children: { type: 'list-item'; children: Text[] }[] };

const text = (value: string, style: { bold?: boolean; italic?: boolean } = {}): Text => ({ type: 'text', text: value, ...style });

export const paragraph = (value: string, style?: { bold?: boolean; italic?: boolean }): Block => ({ type: 'paragraph', children: [text(value, style)] });
export const heading = (value: string, level = 2): Block => ({ type: 'heading', level, children: [text(value)] });
export const list = (items: string[], ordered = false): Block => ({
  type: 'list',
  format: ordered ? 'ordered' : 'unordered',
  children: items.map((item) => ({ type: 'list-item', children: [text(item)] })),
});
