import { useCallback, useId, useMemo, type KeyboardEvent } from 'react';
import { useInput } from 'react-admin';
import { createEditor, Editor, Transforms, type Descendant } from 'slate';
import { withHistory } from 'slate-history';
import { Editable, ReactEditor, Slate, useSlate, withReact, type RenderElementProps, type RenderLeafProps } from 'slate-react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import NativeSelect from '@mui/material/NativeSelect';
import Tooltip from '@mui/material/Tooltip';
import BoldIcon from '@mui/icons-material/FormatBold';
import ItalicIcon from '@mui/icons-material/FormatItalic';
import BulletedIcon from '@mui/icons-material/FormatListBulleted';
import NumberedIcon from '@mui/icons-material/FormatListNumbered';
import QuoteIcon from '@mui/icons-material/FormatQuote';
import UnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import { blocksToEditor, editorToBlocks, type TextMark } from '../../common/blocks';
import { fr } from '../../i18n/fr';
import type { FieldConfig } from '../types';
import { blockStyleOf, isMarkActive, listFormatOf, setBlockStyle, toggleList, toggleMark, withContentRules, type BlockStyle } from './editorCommands';

const t = fr.richText;

/**
 * The rich-text input of a 'blocks' field: Slate, the editor Strapi's own admin uses for blocks, so
 * the document is the stored tree (src/common/blocks.ts converts the leaves). Paragraphs, headings
 * 1 to 6, bulleted and numbered lists, quotes, bold, italic, underline; Ctrl+B, Ctrl+I, Ctrl+U; Enter
 * on an empty list item leaves the list. A lazy chunk: the pages without a form never load it.
 */

function RenderElement({ attributes, children, element }: RenderElementProps) {
  switch (element.type) {
    case 'heading': {
      const Tag = `h${Math.min(6, Math.max(1, Number(element.level) || 1))}` as 'h2';
      return <Tag {...attributes}>{children}</Tag>;
    }
    case 'list':
      return element.format === 'ordered' ? <ol {...attributes}>{children}</ol> : <ul {...attributes}>{children}</ul>;
    case 'list-item':
      return <li {...attributes}>{children}</li>;
    case 'quote':
      return <blockquote {...attributes}>{children}</blockquote>;
    case 'code':
      return (
        <pre {...attributes}>
          <code>{children}</code>
        </pre>
      );
    case 'link':
      return (
        <a {...attributes} href={String(element.url ?? '')}>
          {children}
        </a>
      );
    case 'image': {
      const image = (element.image ?? {}) as { url?: string; alternativeText?: string };
      return (
        <div {...attributes}>
          <div contentEditable={false}>
            <img src={image.url} alt={image.alternativeText ?? ''} style={{ maxWidth: '100%' }} />
          </div>
          {children}
        </div>
      );
    }
    default:
      return <p {...attributes}>{children}</p>;
  }
}

function RenderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content = children;
  if (leaf.code) content = <code>{content}</code>;
  if (leaf.bold) content = <strong>{content}</strong>;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.underline) content = <u>{content}</u>;
  if (leaf.strikethrough) content = <s>{content}</s>;
  return <span {...attributes}>{content}</span>;
}

function ToolButton({ label, shortcut, active, onApply, children }: { label: string; shortcut?: string; active: boolean; onApply: () => void; children: React.ReactNode }) {
  return (
    <Tooltip title={shortcut ? `${label} (${shortcut})` : label} describeChild>
      <IconButton
        size="small"
        aria-label={label}
        aria-pressed={active}
        color={active ? 'primary' : 'default'}
        // The editor keeps its selection: the button acts on it without taking the focus.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onApply}
        sx={active ? { bgcolor: 'action.selected' } : undefined}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}

function Toolbar({ disabled }: { disabled?: boolean }) {
  const editor = useSlate();
  const style = blockStyleOf(editor);
  const list = listFormatOf(editor);
  const apply = (change: () => void) => {
    if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
    change();
    ReactEditor.focus(editor);
  };
  return (
    <Box role="toolbar" aria-label={t.toolbar} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      <NativeSelect
        value={style === 'list' ? 'paragraph' : style}
        disabled={disabled}
        onChange={(event) => apply(() => setBlockStyle(editor, event.target.value as BlockStyle))}
        inputProps={{ 'aria-label': t.blockStyle }}
        sx={{ fontSize: 14, minWidth: 130, mr: 1 }}
      >
        <option value="paragraph">{t.paragraph}</option>
        {[1, 2, 3, 4, 5, 6].map((level) => (
          <option key={level} value={`heading-${level}`}>
            {t.heading.replace('{level}', String(level))}
          </option>
        ))}
        <option value="quote">{t.quote}</option>
      </NativeSelect>
      <ToolButton label={t.bold} shortcut="Ctrl+B" active={isMarkActive(editor, 'bold')} onApply={() => apply(() => toggleMark(editor, 'bold'))}>
        <BoldIcon fontSize="small" />
      </ToolButton>
      <ToolButton label={t.italic} shortcut="Ctrl+I" active={isMarkActive(editor, 'italic')} onApply={() => apply(() => toggleMark(editor, 'italic'))}>
        <ItalicIcon fontSize="small" />
      </ToolButton>
      <ToolButton label={t.underline} shortcut="Ctrl+U" active={isMarkActive(editor, 'underline')} onApply={() => apply(() => toggleMark(editor, 'underline'))}>
        <UnderlinedIcon fontSize="small" />
      </ToolButton>
      <ToolButton label={t.bulletedList} active={list === 'unordered'} onApply={() => apply(() => toggleList(editor, 'unordered'))}>
        <BulletedIcon fontSize="small" />
      </ToolButton>
      <ToolButton label={t.numberedList} active={list === 'ordered'} onApply={() => apply(() => toggleList(editor, 'ordered'))}>
        <NumberedIcon fontSize="small" />
      </ToolButton>
      <ToolButton label={t.quote} active={style === 'quote'} onApply={() => apply(() => setBlockStyle(editor, style === 'quote' ? 'paragraph' : 'quote'))}>
        <QuoteIcon fontSize="small" />
      </ToolButton>
    </Box>
  );
}

/** react-admin's form validation wraps a message as { message, args }; a server error is a string. */
const messageOf = (message: unknown): string =>
  typeof message === 'string' ? message : message && typeof message === 'object' && 'message' in message ? String((message as { message: unknown }).message) : '';

const SHORTCUTS: Record<string, TextMark> = { b: 'bold', i: 'italic', u: 'underline' };

export interface BlocksEditorProps {
  field: FieldConfig;
  label: string;
  required: boolean;
}

/** The rich-text input (react-admin's useInput): the form holds Strapi blocks, or null when the text is empty. */
export default function BlocksEditor({ field, label, required }: BlocksEditorProps) {
  const { field: input, fieldState, formState } = useInput({ source: field.source });
  const editor = useMemo(() => withContentRules(withHistory(withReact(createEditor()))), []);
  // Slate's value is its own once mounted: the form's value at mount starts it (a closed form unmounts it).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialValue = useMemo(() => blocksToEditor(input.value) as Descendant[], []);
  const labelId = useId();
  const helpId = useId();
  const error = fieldState.error && (fieldState.isTouched || formState.isSubmitted) ? messageOf(fieldState.error.message) : undefined;

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const mark = SHORTCUTS[event.key.toLowerCase()];
      if (mark && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        // Not the sidebar's Ctrl+B: the editor's bold.
        event.preventDefault();
        event.stopPropagation();
        toggleMark(editor, mark);
      }
    },
    [editor],
  );

  return (
    <Box sx={{ mt: 1, mb: 2 }}>
      <Box component="span" id={labelId} sx={{ display: 'block', typography: 'body2', color: error ? 'error.main' : 'text.secondary', mb: 0.5 }}>
        {label}
        {required ? ' *' : ''}
      </Box>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: (theme) => `0 0 0 1px ${error ? theme.palette.error.main : theme.palette.primary.main}` },
          '& [contenteditable]': { minHeight: 160, maxHeight: 420, overflowY: 'auto', px: 1.5, py: 1, outline: 'none', typography: 'body1' },
          '& [contenteditable] p': { my: 0.75 },
          '& [contenteditable] h1, & [contenteditable] h2, & [contenteditable] h3, & [contenteditable] h4, & [contenteditable] h5, & [contenteditable] h6': { my: 1 },
          '& [contenteditable] ul, & [contenteditable] ol': { pl: 3, my: 0.75 },
          '& [contenteditable] blockquote': { borderLeft: 4, borderColor: 'divider', pl: 1.5, mx: 0, color: 'text.secondary' },
        }}
      >
        <Slate editor={editor} initialValue={initialValue} onValueChange={(value) => input.onChange(editorToBlocks(value))}>
          <Toolbar />
          <Editable
            aria-labelledby={labelId}
            aria-describedby={error || field.helperText ? helpId : undefined}
            aria-required={required || undefined}
            aria-invalid={!!error || undefined}
            placeholder={field.placeholder}
            renderElement={RenderElement}
            renderLeaf={RenderLeaf}
            onKeyDown={onKeyDown}
            onBlur={input.onBlur}
          />
        </Slate>
      </Box>
      {(error || field.helperText) && (
        <FormHelperText id={helpId} error={!!error}>
          {error ?? field.helperText}
        </FormHelperText>
      )}
    </Box>
  );
}
