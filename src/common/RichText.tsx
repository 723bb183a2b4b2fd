import { BlocksRenderer, type BlocksContent } from '@strapi/blocks-react-renderer';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { textToBlocks } from './blocks';

export interface RichTextProps {
  /** Strapi blocks (or the plain text of an older record). */
  value: unknown;
  /** The heading level the text's level-1 headings take in the page (a dialog's sections are h3: 4). */
  firstHeadingLevel?: number;
}

const VARIANTS = ['h5', 'h6', 'subtitle1', 'subtitle1', 'subtitle2', 'subtitle2'] as const;

/**
 * Rich text as React elements with @strapi/blocks-react-renderer, never as raw HTML: paragraphs,
 * headings at their level (moved under the page's own headings), ordered and unordered lists as
 * lists, quotes, code, images and links (opened in a new tab).
 */
export function RichText({ value, firstHeadingLevel = 4 }: RichTextProps) {
  const content = (typeof value === 'string' ? textToBlocks(value) : value) as BlocksContent | null;
  if (!Array.isArray(content) || content.length === 0) return null;
  return (
    <Box sx={{ '& > :first-of-type': { mt: 0 }, '& ul, & ol': { pl: 3, my: 1 }, '& li': { my: 0.25 } }}>
      <BlocksRenderer
        content={content}
        blocks={{
          paragraph: ({ children }) => (
            <Typography variant="body1" sx={{ my: 1, whiteSpace: 'pre-line' }}>
              {children}
            </Typography>
          ),
          heading: ({ children, level }) => {
            const rank = Math.min(6, firstHeadingLevel + level - 1);
            return (
              <Typography component={`h${rank}` as 'h4'} variant={VARIANTS[level - 1]} sx={{ fontWeight: 600, mt: 2, mb: 1 }}>
                {children}
              </Typography>
            );
          },
          list: ({ children, format }) => (
            <Box component={format === 'ordered' ? 'ol' : 'ul'} sx={{ typography: 'body1' }}>
              {children}
            </Box>
          ),
          'list-item': ({ children }) => <li>{children}</li>,
          quote: ({ children }) => (
            <Box component="blockquote" sx={{ borderLeft: 4, borderColor: 'divider', pl: 2, mx: 0, my: 1.5, color: 'text.secondary' }}>
              {children}
            </Box>
          ),
          code: ({ plainText }) => (
            <Box component="pre" sx={{ bgcolor: 'action.hover', p: 1.5, borderRadius: 1, overflowX: 'auto', my: 1 }}>
              <code>{plainText}</code>
            </Box>
          ),
          image: ({ image }) => (
            <Box component="img" src={image.url} alt={image.alternativeText ?? ''} sx={{ maxWidth: '100%', height: 'auto', borderRadius: 1, my: 1, display: 'block' }} />
          ),
          link: ({ children, url }) => (
            <Link href={url} target="_blank" rel="noopener noreferrer">
              {children}
            </Link>
          ),
        }}
      />
    </Box>
  );
}
