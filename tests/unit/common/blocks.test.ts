import { describe, expect, it } from 'vitest';
import { blocksToText, textToBlocks } from '../../../src/common/blocks';

const text = (t: string, extra: Record<string, unknown> = {}) => ({ type: 'text', text: t, ...extra });

describe('blocksToText', () => {
  it('puts each paragraph, heading and list item on its own line, inline runs and links on the same one', () => {
    const value = [
      { type: 'heading', level: 2, children: [text('Collecte des encombrants')] },
      { type: 'paragraph', children: [text('Le '), text('samedi', { bold: true }), text(' matin, voir '), { type: 'link', url: 'https://x.test', children: [text('le site')] }] },
      {
        type: 'list',
        format: 'unordered',
        children: [
          { type: 'list-item', children: [text('Meubles')] },
          { type: 'list-item', children: [text('Électroménager')] },
          { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text('Réfrigérateurs')] }] },
        ],
      },
      { type: 'quote', children: [text('Merci !')] },
    ];
    expect(blocksToText(value)).toBe(
      ['Collecte des encombrants', 'Le samedi matin, voir le site', 'Meubles', 'Électroménager', 'Réfrigérateurs', 'Merci !'].join('\n'),
    );
  });

  it('skips empty blocks, keeps a plain string, answers "" for nothing', () => {
    expect(blocksToText([{ type: 'paragraph', children: [text('')] }, { type: 'paragraph', children: [text('Texte')] }])).toBe('Texte');
    expect(blocksToText('déjà du texte')).toBe('déjà du texte');
    expect(blocksToText(null)).toBe('');
  });
});

describe('textToBlocks', () => {
  it('makes one paragraph per line and null of blank text; blocksToText reads it back', () => {
    const blocks = textToBlocks('Ligne 1\nLigne 2');
    expect(blocks).toEqual([
      { type: 'paragraph', children: [text('Ligne 1')] },
      { type: 'paragraph', children: [text('Ligne 2')] },
    ]);
    expect(blocksToText(blocks)).toBe('Ligne 1\nLigne 2');
    expect(textToBlocks('  ')).toBeNull();
  });
});
