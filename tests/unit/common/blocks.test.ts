import { describe, expect, it } from 'vitest';
import { blocksToEditor, blocksToText, editorToBlocks, textToBlocks } from '../../../src/common/blocks';

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

describe('blocks and the rich-text editor', () => {
  const image = {
    name: 'lagon.png',
    alternativeText: 'Le lagon',
    url: '/uploads/lagon.png',
    width: 64,
    height: 48,
    hash: 'lagon',
    ext: '.png',
    mime: 'image/png',
    size: 1,
    provider: 'local',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  /** One block of every kind Strapi stores, with every mark. */
  const EVERY_KIND = [
    { type: 'heading', level: 1, children: [text('Titre 1')] },
    { type: 'heading', level: 2, children: [text('Titre 2')] },
    { type: 'heading', level: 6, children: [text('Titre 6')] },
    {
      type: 'paragraph',
      children: [
        text('Du '),
        text('gras', { bold: true }),
        text(', de l’'),
        text('italique', { italic: true }),
        text(', '),
        text('souligné', { underline: true }),
        text(', '),
        text('barré', { strikethrough: true }),
        text(', '),
        text('code', { code: true }),
        text(' et '),
        text('tout', { bold: true, italic: true }),
        text(' puis '),
        { type: 'link', url: 'https://mamoudzou.yt', children: [text('un lien')] },
      ],
    },
    { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text('Livret de famille')] }, { type: 'list-item', children: [text('Carnet de vaccination', { bold: true })] }] },
    {
      type: 'list',
      format: 'ordered',
      children: [
        { type: 'list-item', children: [text('Premier')] },
        { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('Imbriqué')] }] },
        { type: 'list-item', children: [text('Second')] },
      ],
    },
    { type: 'quote', children: [text('Une citation')] },
    { type: 'code', children: [text('const a = 1;')] },
    { type: 'image', image, children: [text('')] },
  ];

  it('round-trips every block kind, level, list format and mark unchanged', () => {
    const editor = blocksToEditor(EVERY_KIND);
    expect(editorToBlocks(editor)).toEqual(EVERY_KIND);
  });

  it('the editor\'s leaves carry no type, only the marks that are on', () => {
    const [paragraph] = blocksToEditor([{ type: 'paragraph', children: [text('a', { bold: true, italic: false })] }]);
    expect(paragraph).toEqual({ type: 'paragraph', children: [{ text: 'a', bold: true }] });
    expect(editorToBlocks([paragraph])).toEqual([{ type: 'paragraph', children: [text('a', { bold: true })] }]);
  });

  it('an empty or missing value is one empty paragraph in the editor, and an empty document is stored as null', () => {
    for (const value of [null, undefined, [], '']) expect(blocksToEditor(value)).toEqual([{ type: 'paragraph', children: [{ text: '' }] }]);
    expect(editorToBlocks([{ type: 'paragraph', children: [{ text: '' }] }, { type: 'paragraph', children: [{ text: '  ' }] }])).toBeNull();
  });

  it('plain text of older records opens as paragraphs', () => {
    expect(editorToBlocks(blocksToEditor('Ligne 1\nLigne 2'))).toEqual([
      { type: 'paragraph', children: [text('Ligne 1')] },
      { type: 'paragraph', children: [text('Ligne 2')] },
    ]);
  });

  it('drops the empty leaves the editor keeps around an inline link', () => {
    const edited = [{ type: 'paragraph', children: [{ text: '' }, { type: 'link', url: 'https://x.test', children: [{ text: 'lien' }] }, { text: '' }] }];
    expect(editorToBlocks(edited)).toEqual([{ type: 'paragraph', children: [{ type: 'link', url: 'https://x.test', children: [text('lien')] }] }]);
  });
});
