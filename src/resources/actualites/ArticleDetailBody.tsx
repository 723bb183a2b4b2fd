import { useId, useState } from 'react';
import type { RaRecord } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { blocksToText } from '../../common/blocks';
import { RichText } from '../../common/RichText';
import { DetailSection, InfoList, InfoRow } from '../../generic/dialogs/DetailParts';
import { FieldCell } from '../../generic/fields/FieldCell';
import { useResourceScreen } from '../../generic/screen';
import { fieldOf, imageUrl } from '../../generic/values';
import { formatDate } from '../../i18n/dates';
import { format } from '../../i18n/fr';
import { messages as l } from './messages';

const d = l.detail;

/** A body this long (characters or blocks) is folded to a limited height, with a toggle. */
const FOLD_CHARACTERS = 500;
const FOLD_BLOCKS = 4;

function OpenLink({ url, label }: { url: string; label: string }) {
  return (
    <Button size="small" href={url} target="_blank" rel="noopener noreferrer" startIcon={<OpenInNewIcon fontSize="small" />} aria-label={`${label} ${d.newTab}`}>
      {d.openImage}
    </Button>
  );
}

/** An image that disappears when it cannot be loaded, rather than show a broken-image icon. */
function HidingImage({ url, alt, height, openLabel }: { url: string; alt: string; height: number; openLabel: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <Box component="figure" sx={{ m: 0, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      <Box component="img" src={url} alt={alt} onError={() => setFailed(true)} sx={{ width: '100%', height, objectFit: 'cover', display: 'block' }} />
      <OpenLink url={url} label={openLabel} />
    </Box>
  );
}

/** The body, folded to a limited height when long, with "Afficher tout le contenu" / "Réduire le contenu". */
function FoldedBody({ value }: { value: unknown }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const text = blocksToText(value);
  if (!text.trim()) return <Typography color="text.secondary">{d.noBody}</Typography>;
  const long = text.length > FOLD_CHARACTERS || (Array.isArray(value) && value.length > FOLD_BLOCKS);
  return (
    <>
      <Box
        id={id}
        sx={
          long && !open
            ? { maxHeight: '14em', overflow: 'hidden', position: 'relative', '&::after': { content: '""', position: 'absolute', insetInline: 0, bottom: 0, height: '3em', background: (t) => `linear-gradient(transparent, ${t.palette.background.paper})` } }
            : undefined
        }
      >
        <RichText value={value} />
      </Box>
      {long && (
        <Button size="small" sx={{ mt: 1 }} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          {open ? d.showLess : d.showMore}
        </Button>
      )}
    </>
  );
}

/** An article in its detail dialog (the generic dialog's body slot). */
export default function ArticleDetailBody({ record }: { record: RaRecord }) {
  const { config } = useResourceScreen();
  const cover = imageUrl(record.coverImage);
  const gallery = (Array.isArray(record.gallery) ? record.gallery : []).map(imageUrl).filter((url): url is string => !!url);
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <FieldCell field={fieldOf(config, 'status')} record={record} />
        <Typography variant="body2" color="text.secondary">
          {formatDate(record.date)}
        </Typography>
      </Stack>
      {record.summary ? <Typography sx={{ mb: 2, fontWeight: 500, whiteSpace: 'pre-line' }}>{blocksToText(record.summary)}</Typography> : null}

      {cover && (
        <Box sx={{ mb: 2.5, maxWidth: 560 }}>
          <HidingImage url={cover} alt={d.coverAlt} height={260} openLabel={d.openCover} />
        </Box>
      )}

      <DetailSection title={d.body}>
        <FoldedBody value={record.body} />
      </DetailSection>

      {gallery.length > 0 && (
        <DetailSection title={l.fields.gallery}>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
            {gallery.map((url, index) => (
              <li key={`${url}-${index}`}>
                <HidingImage url={url} alt={format(d.galleryAlt, { n: index + 1 })} height={110} openLabel={format(d.openGalleryImage, { n: index + 1 })} />
              </li>
            ))}
          </Box>
        </DetailSection>
      )}

      <DetailSection title={d.publication}>
        <InfoList>
          <InfoRow label={l.fields.slug}>{String(record.slug ?? '')}</InfoRow>
          <InfoRow label={l.fields.date}>{formatDate(record.date)}</InfoRow>
          <InfoRow label={l.fields.publishedOn}>{record.status === 'published' && record.publishedOn ? formatDate(record.publishedOn) : d.notPublished}</InfoRow>
          <InfoRow label={l.fields.createdAt}>{formatDate(record.createdAt)}</InfoRow>
          <InfoRow label={l.fields.updatedAt}>{formatDate(record.updatedAt)}</InfoRow>
        </InfoList>
      </DetailSection>
    </>
  );
}
