import { describe, expect, it } from 'vitest';
import { createEditor, Editor, Transforms } from 'slate';
import { withHistory } from 'slate-history';
import { editorToBlocks, emptyParagraph } from '../../../src/common/blocks';
import { setBlockStyle, toggleList, toggleMark, withContentRules } from '../../../src/generic/fields/editorCommands';

/** The rich-text editor's commands on Slate's model, as the toolbar and the keys run them. */

function editor() {
  const e = withContentRules(withHistory(createEditor()) as Editor);
  e.children = [emptyParagraph()];
  Transforms.select(e, Editor.start(e, []));
  return e;
}
const text = (t: string, marks: Record<string, boolean> = {}) => ({ type: 'text', text: t, ...marks });

describe('the rich-text editor', () => {
  it('a heading, Enter: a paragraph; a bulleted list; Enter on an empty item leaves the list; bold', () => {
    const e = editor();
    setBlockStyle(e, 'heading-2');
    e.insertText('Programme');
    e.insertBreak();
    toggleList(e, 'unordered');
    e.insertText('Concerts');
    e.insertBreak();
    e.insertText('Ateliers');
    e.insertBreak();
    e.insertBreak();
    e.insertText('Entrée ');
    toggleMark(e, 'bold');
    e.insertText('gratuite');
    toggleMark(e, 'bold');
    e.insertText('.');
    expect(editorToBlocks(e.children)).toEqual([
      { type: 'heading', level: 2, children: [text('Programme')] },
      { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text('Concerts')] }, { type: 'list-item', children: [text('Ateliers')] }] },
      { type: 'paragraph', children: [text('Entrée '), text('gratuite', { bold: true }), text('.')] },
    ]);
  });

  it('a numbered list toggles back to paragraphs; a heading back to a paragraph loses its level', () => {
    const e = editor();
    toggleList(e, 'ordered');
    e.insertText('Un');
    expect(editorToBlocks(e.children)).toEqual([{ type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('Un')] }] }]);
    toggleList(e, 'ordered');
    expect(editorToBlocks(e.children)).toEqual([{ type: 'paragraph', children: [text('Un')] }]);
    setBlockStyle(e, 'heading-3');
    expect(editorToBlocks(e.children)).toEqual([{ type: 'heading', level: 3, children: [text('Un')] }]);
    setBlockStyle(e, 'paragraph');
    expect(editorToBlocks(e.children)).toEqual([{ type: 'paragraph', children: [text('Un')] }]);
  });

  it('Enter on an empty item of a nested list makes it an item of the list around it', () => {
    const e = editor();
    e.children = [
      { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [{ text: 'Un' }] }, { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [{ text: '' }] }] }] },
    ];
    Transforms.select(e, Editor.end(e, []));
    e.insertBreak();
    e.insertText('Deux');
    expect(editorToBlocks(e.children)).toEqual([
      { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text('Un')] }, { type: 'list-item', children: [text('Deux')] }] },
    ]);
  });
});
