import { useEffect, useState, type ReactNode } from 'react';
import { useGetList, useGetOne, type RaRecord } from 'ra-core';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { NearbyReport } from '@mamoudzou/domain/duplicates';
import { CLOSED_REPORT_STATUSES, REPORT_STATUS_LABELS } from '@mamoudzou/domain/vocabulary';
import { phoneTapTarget } from '../../common/breakpoints';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { DetailSection, InfoRow } from '../../generic/dialogs/DetailParts';
import { useResourceScreen } from '../../generic/screen';
import type { FieldInputProps } from '../../generic/types';
import { formatDate } from '../../i18n/dates';
import { format } from '../../i18n/fr';
import { useBackendQuery, useCustomCalls } from '../../providers/customCalls';
import { useSettings } from '../../providers/settings';
import { messages } from './messages';
import { hasCoordinates, reportStatus } from './reportRecord';

const l = messages.nearby;

/** Possible duplicates, nearest first: each a link to its detail, its status, distance and date, and an action. */
function NearbyList({ reports, action }: { reports: NearbyReport[]; action?: (report: NearbyReport) => ReactNode }) {
  const { paths } = useResourceScreen();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {reports.map((report) => {
        const name = [report.reference, report.title].filter(Boolean).join(' · ');
        return (
          <Box component="li" key={report.documentId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            {/* Its name holds the text it shows (WCAG 2.5.3): a voice command says what it reads. */}
            <Link component={RouterLink} to={paths.record(report.documentId)} aria-label={format(l.open, { reference: name })} sx={{ fontWeight: 600, ...phoneTapTarget }}>
              {name}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {[REPORT_STATUS_LABELS[report.report_status], format(l.distance, { n: report.distance }), report.address, formatDate(report.createdAt)].join(' · ')}
            </Typography>
            {action?.(report)}
          </Box>
        );
      })}
    </Box>
  );
}

/** The detail's « Signalements proches », and « Marquer comme doublon de celui-ci » for staff who edit reports. */
export function ReportNearby({ record, canEdit }: { record: RaRecord; canEdit: boolean }) {
  const { settings } = useSettings();
  const calls = useCustomCalls();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [original, setOriginal] = useState<NearbyReport | null>(null);
  const located = hasCoordinates(record);
  const nearby = useBackendQuery<{ data: NearbyReport[] }>(['signalements', 'nearby', String(record.id)], `/api/reports/${record.id}/nearby`, {}, { enabled: located });
  const mark = useMutation({
    mutationFn: (target: NearbyReport) => calls.send('POST', `/api/reports/${record.id}/duplicate`, { original: target.documentId }),
    onSuccess: (_answer, target) => toast({ title: format(l.marked, { reference: target.reference ?? target.title }) }),
    onError: (error) => toast({ title: l.errorTitle, description: frenchErrorMessage(error), variant: 'destructive' }),
    onSettled: () => {
      setOriginal(null);
      return queryClient.invalidateQueries({ queryKey: ['signalements'] });
    },
  });
  const canMark = canEdit && !record.duplicateOf && !CLOSED_REPORT_STATUSES.includes(reportStatus(record));
  const reports = nearby.data?.data ?? [];
  return (
    <DetailSection title={l.title}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {format(l.help, { radius: settings.duplicateRadiusMeters })}
      </Typography>
      {!located ? (
        <Typography color="text.secondary">{l.noPoint}</Typography>
      ) : nearby.isError ? (
        <Alert severity="error">{l.loadingError}</Alert>
      ) : nearby.isPending ? null : reports.length === 0 ? (
        <Typography color="text.secondary">{l.none}</Typography>
      ) : (
        <NearbyList
          reports={reports}
          action={
            canMark
              ? (report) => (
                  <Button size="small" onClick={() => setOriginal(report)} sx={{ mt: 0.5, minHeight: 44 }}>
                    {l.markDuplicate}
                  </Button>
                )
              : undefined
          }
        />
      )}
      <ConfirmDialog
        open={!!original}
        title={l.confirmTitle}
        message={format(l.confirmMessage, { reference: original?.reference ?? original?.title ?? '' })}
        confirmLabel={l.confirm}
        cancelLabel={l.cancel}
        busy={mark.isPending}
        onConfirm={() => original && mark.mutate(original)}
        onClose={() => setOriginal(null)}
      />
    </DetailSection>
  );
}

/** « Doublon de MZ-… »: the original a duplicate points to, as a link. */
export function DuplicateOf({ documentId }: { documentId: string }) {
  const { paths } = useResourceScreen();
  const { data } = useGetOne('signalements', { id: documentId });
  return (
    <Link component={RouterLink} to={paths.record(documentId)} sx={phoneTapTarget}>
      {data ? [data.reference, data.title].filter(Boolean).join(' · ') : documentId}
    </Link>
  );
}

/**
 * An original's duplicates (the reports marked « doublon de » it), each a link, and how many citizens now
 * follow it (their own report was one of them): their news reach them with its own.
 */
export function DuplicatesOf({ record }: { record: RaRecord }) {
  const { paths } = useResourceScreen();
  const { data } = useGetList('signalements', {
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'createdAt', order: 'ASC' },
    filter: { duplicateOf: String(record.id) },
    meta: { fields: ['reference', 'title'] },
  });
  const followers = typeof record.followerCount === 'number' ? record.followerCount : 0;
  if (!data?.length && followers === 0) return null;
  return (
    <>
      {!!data?.length && (
        <InfoRow label={l.duplicates}>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.map((duplicate) => (
              <li key={duplicate.id}>
                <Link component={RouterLink} to={paths.record(duplicate.id)} sx={phoneTapTarget}>
                  {[duplicate.reference, duplicate.title].filter(Boolean).join(' · ')}
                </Link>
              </li>
            ))}
          </Box>
        </InfoRow>
      )}
      {followers > 0 && <InfoRow label={l.followers}>{format(l.followerCount, { n: followers })}</InfoRow>}
    </>
  );
}

/** The point and type typed so far, once the typing has paused. */
function useSettled<T>(value: T, ms = 500): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
    // The key stands for the value: a new array of the same numbers is not a change.
  }, [key, ms]);
  return settled;
}

/**
 * The new-report form's « Déjà signalé ? »: open reports of the same type around the point placed on
 * the map, before saving, each a link. Shows nothing while there is none (or no point yet).
 */
export function NearbyInForm(_props: FieldInputProps) {
  const { settings } = useSettings();
  const [latitude, longitude, type, id] = useSettled(useWatch({ name: ['latitude', 'longitude', 'type', 'id'] }) as unknown[]);
  const located = [latitude, longitude].every((v) => v !== '' && v !== null && v !== undefined && Number.isFinite(Number(v)));
  const enabled = located && typeof type === 'string' && type !== '';
  const nearby = useBackendQuery<{ data: NearbyReport[] }>(
    ['signalements', 'nearby-point', latitude, longitude, type],
    '/api/reports/nearby',
    { latitude, longitude, type },
    { enabled },
  );
  const reports = (nearby.data?.data ?? []).filter((r) => r.documentId !== id);
  if (!enabled || reports.length === 0) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} role="region" aria-label={l.formTitle}>
      <Typography sx={{ fontWeight: 600 }}>{l.formTitle}</Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {format(l.formHelp, { radius: settings.duplicateRadiusMeters })}
      </Typography>
      <NearbyList reports={reports} />
    </Alert>
  );
}
