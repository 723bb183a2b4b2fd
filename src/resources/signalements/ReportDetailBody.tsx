import { useId, useState } from 'react';
import type { RaRecord } from 'ra-core';
import { visuallyHidden } from '@mui/utils';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import MapIcon from '@mui/icons-material/MapOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { ReportStatus } from '@mamoudzou/domain/vocabulary';
import { phoneTapTarget } from '../../common/breakpoints';
import { DetailSection, InfoList, InfoRow } from '../../generic/dialogs/DetailParts';
import { BACK_OFFICE_SOURCE } from '@mamoudzou/domain/open311';
import { FieldCell } from '../../generic/fields/FieldCell';
import { AfterPhotoButton } from './AfterPhotoButton';
import { ReportTimeline } from './ReportTimeline';
import { ModerationPanel } from './ModerationPanel';
import { DuplicateOf, DuplicatesOf, ReportNearby } from './NearbyReports';
import { PlaceMap } from '../../generic/map/PlaceMap';
import { useResourceScreen } from '../../generic/screen';
import { fieldOf } from '../../generic/values';
import { formatDate } from '../../i18n/dates';
import { fr, format } from '../../i18n/fr';
import { messages as l } from './messages';
import { STATUS_COLORS } from './reportMap';
import { Badge } from '../../common/Badge';
import { usePendingWrites, pendingChanges, withPendingChanges } from './pendingWrites';
import { formatCoordinate, hasCoordinates, mapUrl, reportPhotos, reportStatus, reportTitle, textList } from './reportRecord';

const d = l.detail;

/** A photo with "Ouvrir" (new tab); a broken image falls back to a placeholder. */
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
      <Button size="small" fullWidth href={url} target="_blank" rel="noopener noreferrer" startIcon={<OpenInNewIcon fontSize="small" />} aria-label={format(d.openPhoto, { n: index + 1 })}>
        {d.open}
      </Button>
    </Box>
  );
}

/** An address that wraps, on a narrow screen, after its « @ » rather than anywhere. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** Every field of a report, in its detail dialog (the generic dialog's body slot). */
export default function ReportDetailBody({ record: saved }: { record: RaRecord }) {
  const { config, allowed } = useResourceScreen();
  // The changes made on this device and not sent yet show as made, marked « En attente d'envoi ».
  const pending = usePendingWrites(saved.id);
  const record = withPendingChanges(saved, pending);
  const statusPending = 'report_status' in pendingChanges(pending);
  const notesId = useId();
  const [notesOpen, setNotesOpen] = useState(false);
  const badge = (source: string) => <FieldCell field={fieldOf(config, source)} record={record} />;
  const photos = reportPhotos(record);
  const tags = textList(record.tags);
  const notes = textList(record.internalNotes);
  const hasCitizen = !!(record.citizenName || record.citizenEmail || record.citizenPhone);

  return (
    <>
      <ModerationPanel record={record} canModerate={allowed('edit')} />
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
        {badge('report_status')}
        {statusPending && <Badge label={fr.offline.waiting} tone="grey" />}
        {badge('priority')}
      </Stack>
      <Typography sx={{ mb: 3, whiteSpace: 'pre-line' }}>{String(record.description ?? '')}</Typography>

      <DetailSection title={d.generalInfo}>
        <InfoList>
          <InfoRow label={l.fields.reference}>{String(record.reference || '—')}</InfoRow>
          <InfoRow label={l.fields.source}>
            {String(record.source || BACK_OFFICE_SOURCE)}
            {record.isPublic === false ? <Box component="span" sx={{ ml: 1, fontWeight: 600 }}>· {l.notPublic}</Box> : null}
          </InfoRow>
          {typeof record.mediaUrl === 'string' && record.mediaUrl && (
            <InfoRow label={l.fields.mediaUrl}>
              <Link href={record.mediaUrl} target="_blank" rel="noopener noreferrer" sx={phoneTapTarget}>
                {record.mediaUrl}
              </Link>
            </InfoRow>
          )}
          {typeof record.duplicateOf === 'string' && record.duplicateOf ? (
            <InfoRow label={l.nearby.duplicateOf}>
              <DuplicateOf documentId={record.duplicateOf} />
            </InfoRow>
          ) : (
            <DuplicatesOf record={record} />
          )}
          <InfoRow label={d.id}>{String(record.id)}</InfoRow>
          <InfoRow label={d.type}>{String(record.type || l.defaultTitle)}</InfoRow>
          <InfoRow label={l.fields.zone}>{String(record.zone || l.noZone)}</InfoRow>
          <InfoRow label={l.fields.subType}>{String(record.subType || l.notSpecified)}</InfoRow>
          <InfoRow label={l.fields.service}>{String(record.service || l.notAssigned)}</InfoRow>
          <InfoRow label={l.fields.assignedTo}>{String(record.assignedTo || l.notAssigned)}</InfoRow>
          <InfoRow label={l.fields.slaStatus}>
            {badge('slaStatus')}
            {record.slaTarget ? <Box component="span" sx={{ ml: 1 }}>{formatDate(record.slaTarget)}</Box> : null}
          </InfoRow>
        </InfoList>
      </DetailSection>

      <DetailSection title={d.location}>
        <InfoList>
          <InfoRow label={l.fields.address}>{String(record.address || d.noAddress)}</InfoRow>
          <InfoRow label={d.coordinates}>
            {hasCoordinates(record) ? `${formatCoordinate(record.latitude)}, ${formatCoordinate(record.longitude)}` : l.notSpecified}
          </InfoRow>
        </InfoList>
        {hasCoordinates(record) && (
          <Box sx={{ mt: 1.5 }}>
            <PlaceMap
              label={fr.map.reports.detailLabel}
              height={220}
              scrollWheelZoom={false}
              scrollsWithPage
              center={[Number(record.latitude), Number(record.longitude)]}
              zoom={16}
              markers={[
                {
                  id: String(record.id),
                  latitude: Number(record.latitude),
                  longitude: Number(record.longitude),
                  label: reportTitle(record),
                  color: STATUS_COLORS[reportStatus(record) as ReportStatus] ?? STATUS_COLORS.nouveau,
                },
              ]}
            />
          </Box>
        )}
        {hasCoordinates(record) && (
          <Button sx={{ mt: 1 }} variant="outlined" size="small" startIcon={<MapIcon />} href={mapUrl(record.latitude, record.longitude)} target="_blank" rel="noopener noreferrer">
            {d.viewOnMap}
            <Box component="span" sx={visuallyHidden}>
              {` ${d.newTab}`}
            </Box>
          </Button>
        )}
      </DetailSection>

      <ReportNearby record={record} canEdit={allowed('edit')} />

      {hasCitizen && (
        <DetailSection title={d.citizen}>
          <InfoList>
            {record.citizenName ? <InfoRow label={l.form.citizenName}>{String(record.citizenName)}</InfoRow> : null}
            {record.citizenEmail ? (
              <InfoRow label={l.form.citizenEmail}>
                <Link href={`mailto:${String(record.citizenEmail)}`} sx={phoneTapTarget}>
                  <BreakableEmail email={String(record.citizenEmail)} />
                </Link>
              </InfoRow>
            ) : null}
            {record.citizenPhone ? (
              <InfoRow label={l.form.citizenPhone}>
                <Link href={`tel:${String(record.citizenPhone).replace(/\s+/g, '')}`} sx={phoneTapTarget}>{String(record.citizenPhone)}</Link>
              </InfoRow>
            ) : null}
          </InfoList>
        </DetailSection>
      )}

      <DetailSection title={d.photos} action={allowed('edit') ? <AfterPhotoButton record={record} /> : undefined}>
        {photos.length === 0 ? (
          <Typography color="text.secondary">{d.noPhotos}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
            {photos.map((photo, index) => (
              <Photo key={`${photo.url}-${index}`} url={photo.url} index={index} />
            ))}
          </Box>
        )}
      </DetailSection>

      {tags.length > 0 && (
        <DetailSection title={d.tags}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {tags.map((tag) => (
              <Chip key={tag} label={tag} size="small" variant="outlined" />
            ))}
          </Stack>
        </DetailSection>
      )}

      {notes.length > 0 && (
        <DetailSection
          title={format(d.internalNotes, { n: notes.length })}
          action={
            <Button size="small" aria-expanded={notesOpen} aria-controls={notesId} onClick={() => setNotesOpen((o) => !o)}>
              {notesOpen ? d.hideNotes : d.showNotes}
            </Button>
          }
        >
          <Collapse in={notesOpen} id={notesId}>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {notes.map((note, i) => (
                <Typography component="li" variant="body2" key={i}>
                  {note}
                </Typography>
              ))}
            </Box>
          </Collapse>
        </DetailSection>
      )}

      <ReportTimeline record={record} canWrite={allowed('edit')} />

      <Divider sx={{ mb: 2 }} />
      <DetailSection title={d.history}>
        <InfoList>
          <InfoRow label={d.createdAt}>{formatDate(record.createdAt)}</InfoRow>
          <InfoRow label={d.updatedAt}>{formatDate(record.updatedAt)}</InfoRow>
        </InfoList>
      </DetailSection>
    </>
  );
}
