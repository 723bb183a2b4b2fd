import { useId, useState, type ReactNode } from 'react';
import { useGetOne, type Identifier, type RaRecord } from 'ra-core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { visuallyHidden } from '../../common/visuallyHidden';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import CloseIcon from '@mui/icons-material/Close';
import MapIcon from '@mui/icons-material/MapOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { fr, format } from '../../i18n/fr';
import { formatDate } from '../../i18n/dates';
import { PriorityBadge, SlaBadge, StatusBadge } from './ReportBadges';
import { formatCoordinate, hasCoordinates, mapUrl, reportPhotos, reportTitle, textList } from './reportRecord';
import { RESOURCE } from './useReportActions';

const l = fr.resources.signalements;
const d = l.detail;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

const grid = { display: 'grid', gridTemplateColumns: 'minmax(110px, max-content) 1fr', columnGap: 2, rowGap: 0.75, m: 0 } as const;

function Photo({ url, index }: { url: string; index: number }) {
  const [broken, setBroken] = useState(false);
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      {broken ? (
        <Box role="img" aria-label={d.brokenPhoto} sx={{ height: 120, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', bgcolor: 'action.hover', color: 'text.secondary' }}>
          <BrokenImageIcon aria-hidden />
          <Typography variant="caption">{d.brokenPhoto}</Typography>
        </Box>
      ) : (
        <Box component="img" src={url} alt={format(d.photoAlt, { n: index + 1 })} onError={() => setBroken(true)} sx={{ width: '100%', height: 120, objectFit: 'cover', display: 'block' }} />
      )}
      <Button
        size="small"
        fullWidth
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        startIcon={<OpenInNewIcon fontSize="small" />}
        aria-label={format(d.openPhoto, { n: index + 1 })}
      >
        {d.open}
      </Button>
    </Box>
  );
}

export interface ReportDetailDialogProps {
  id: Identifier | undefined;
  onClose: () => void;
  onChangeStatus?: (record: RaRecord) => void;
  onEdit?: (record: RaRecord) => void;
  onDelete?: (record: RaRecord) => void;
}

/** Every field of a report, as the specification's detail dialog shows it; opened by a row or by /signalements/{id}. */
export function ReportDetailDialog({ id, onClose, onChangeStatus, onEdit, onDelete }: ReportDetailDialogProps) {
  const titleId = useId();
  const [notesOpen, setNotesOpen] = useState(false);
  // Its own cache entry (meta): the list seeds [resource, 'getOne', {id}] with rows that have no photos.
  const { data: record, isPending, error } = useGetOne(RESOURCE, { id: id as Identifier, meta: { detail: true } }, { enabled: id !== undefined, retry: false });
  const open = id !== undefined;
  const photos = record ? reportPhotos(record) : [];
  const tags = record ? textList(record.tags) : [];
  const notes = record ? textList(record.internalNotes) : [];
  const hasCitizen = !!record && !!(record.citizenName || record.citizenEmail || record.citizenPhone);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {record ? reportTitle(record) : d.loading}
        <IconButton aria-label={d.close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {error ? (
          <Alert severity="error">
            {d.loadingError} : {(error as Error).message}
          </Alert>
        ) : isPending || !record ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <CircularProgress size={20} aria-hidden />
            <Typography>{d.loading}</Typography>
          </Box>
        ) : (
          <>
            <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
              <StatusBadge record={record} />
              <PriorityBadge priority={record.priority} />
            </Stack>
            <Typography sx={{ mb: 3, whiteSpace: 'pre-line' }}>{String(record.description ?? '')}</Typography>

            <Section title={d.generalInfo}>
              <Box component="dl" sx={grid}>
                <Info label={d.id}>{String(record.id)}</Info>
                <Info label={d.type}>{String(record.type || l.defaultTitle)}</Info>
                <Info label={l.fields.zone}>{String(record.zone || l.noZone)}</Info>
                <Info label={l.fields.subType}>{String(record.subType || l.notSpecified)}</Info>
                <Info label={l.fields.service}>{String(record.service || l.notAssigned)}</Info>
                <Info label={l.fields.assignedTo}>{String(record.assignedTo || l.notAssigned)}</Info>
                <Info label={l.fields.slaStatus}>
                  <SlaBadge record={record} />
                  {record.slaTarget ? <Box component="span" sx={{ ml: 1 }}>{formatDate(record.slaTarget)}</Box> : null}
                </Info>
              </Box>
            </Section>

            <Section title={d.location}>
              <Box component="dl" sx={grid}>
                <Info label={l.fields.address}>{String(record.address || d.noAddress)}</Info>
                <Info label={d.coordinates}>
                  {hasCoordinates(record) ? `${formatCoordinate(record.latitude)}, ${formatCoordinate(record.longitude)}` : l.notSpecified}
                </Info>
              </Box>
              {hasCoordinates(record) && (
                <Button
                  sx={{ mt: 1 }}
                  variant="outlined"
                  size="small"
                  startIcon={<MapIcon />}
                  href={mapUrl(record.latitude, record.longitude)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {d.viewOnMap}
                  <Box component="span" sx={visuallyHidden}>
                    {` ${d.newTab}`}
                  </Box>
                </Button>
              )}
            </Section>

            {hasCitizen && (
              <Section title={d.citizen}>
                <Box component="dl" sx={grid}>
                  {record.citizenName ? <Info label={l.form.citizenName}>{String(record.citizenName)}</Info> : null}
                  {record.citizenEmail ? (
                    <Info label={l.form.citizenEmail}>
                      <Link href={`mailto:${String(record.citizenEmail)}`}>{String(record.citizenEmail)}</Link>
                    </Info>
                  ) : null}
                  {record.citizenPhone ? (
                    <Info label={l.form.citizenPhone}>
                      <Link href={`tel:${String(record.citizenPhone).replace(/\s+/g, '')}`}>{String(record.citizenPhone)}</Link>
                    </Info>
                  ) : null}
                </Box>
              </Section>
            )}

            <Section title={d.photos}>
              {photos.length === 0 ? (
                <Typography color="text.secondary">{d.noPhotos}</Typography>
              ) : (
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
                  {photos.map((photo, index) => (
                    <Photo key={`${photo.url}-${index}`} url={photo.url} index={index} />
                  ))}
                </Box>
              )}
            </Section>

            {tags.length > 0 && (
              <Section title={d.tags}>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {tags.map((tag) => (
                    <Chip key={tag} label={tag} size="small" variant="outlined" />
                  ))}
                </Stack>
              </Section>
            )}

            {notes.length > 0 && (
              <Box component="section" sx={{ mb: 2.5 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {format(d.internalNotes, { n: notes.length })}
                  </Typography>
                  <Button size="small" aria-expanded={notesOpen} aria-controls={`${titleId}-notes`} onClick={() => setNotesOpen((o) => !o)}>
                    {notesOpen ? d.hideNotes : d.showNotes}
                  </Button>
                </Box>
                <Collapse in={notesOpen} id={`${titleId}-notes`}>
                  <Box component="ul" sx={{ m: 0, pl: 3 }}>
                    {notes.map((note, i) => (
                      <Typography component="li" variant="body2" key={i}>
                        {note}
                      </Typography>
                    ))}
                  </Box>
                </Collapse>
              </Box>
            )}

            <Divider sx={{ mb: 2 }} />
            <Section title={d.history}>
              <Box component="dl" sx={grid}>
                <Info label={d.createdAt}>{formatDate(record.createdAt)}</Info>
                <Info label={d.updatedAt}>{formatDate(record.updatedAt)}</Info>
              </Box>
            </Section>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{d.close}</Button>
        {record && onChangeStatus && (
          <Button variant="outlined" onClick={() => onChangeStatus(record)}>
            {l.changeStatus}
          </Button>
        )}
        {record && onEdit && (
          <Button variant="outlined" onClick={() => onEdit(record)}>
            {l.edit}
          </Button>
        )}
        {record && onDelete && (
          <Button variant="contained" color="error" onClick={() => onDelete(record)}>
            {l.delete}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
