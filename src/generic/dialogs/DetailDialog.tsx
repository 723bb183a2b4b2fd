import { Suspense } from 'react';
import { useGetOne, type RaRecord } from 'ra-core';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useFullScreenDialog } from '../../common/breakpoints';
import { errorStatus, frenchErrorMessage } from '../../common/serverErrors';
import { fr, format } from '../../i18n/fr';
import type { ResolvedAction } from '../actions/actions';
import { FieldCell } from '../fields/FieldCell';
import { useResourceScreen, useScreenRoute } from '../screen';
import type { SectionConfig } from '../types';
import { fieldOf, recordTitle } from '../values';
import { DialogFrame } from '../../common/DialogFrame';
import { DETAIL_META } from './detailMeta';
import { listRecordOf } from './listRecord';
import { DetailSection, InfoList, InfoRow } from './DetailParts';
import { useOnline } from '../../providers/OfflineContext';
import { undoKeyOf, useUndoEntry } from '../../common/undoWindows';

function SectionsBody({ record, sections }: { record: RaRecord; sections: SectionConfig[] }) {
  const { config } = useResourceScreen();
  return (
    <>
      {sections.map((section) => (
        <DetailSection key={section.title} title={section.title}>
          <InfoList>
            {section.fields.map((source) => {
              const field = fieldOf(config, source);
              return (
                <InfoRow key={source} label={field.label}>
                  <FieldCell field={{ ...field, cell: field.cell === 'title' ? 'text' : field.cell }} record={record} />
                </InfoRow>
              );
            })}
          </InfoList>
        </DetailSection>
      ))}
    </>
  );
}

/** What the list already holds of the record (its columns), shown while the detail's own request is on its way. */
function PreviewBody({ record }: { record: RaRecord }) {
  const { config } = useResourceScreen();
  const sources = config.list.columns.filter((source) => fieldOf(config, source).cell !== 'title');
  return (
    <InfoList>
      {sources.map((source) => {
        const field = fieldOf(config, source);
        return (
          <InfoRow key={source} label={field.label}>
            <FieldCell field={field} record={record} />
          </InfoRow>
        );
      })}
    </InfoList>
  );
}

/**
 * The detail's buttons at the bottom of a phone's screen, where the thumb reaches: the first action
 * that is not a deletion (« Changer statut ») across the whole width, nearest the thumb; Fermer and
 * the others in a row above it, a deletion outlined (it asks first).
 */
function PhoneDetailActions({ actions, onClose, onRun }: { actions: ResolvedAction[]; onClose: () => void; onRun: (action: ResolvedAction) => void }) {
  const primary = actions.find((action) => action.kind !== 'delete');
  const others = actions.filter((action) => action !== primary);
  return (
    <DialogActions
      disableSpacing
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: `repeat(${others.length + 1}, minmax(0, 1fr))`, px: 1.5, pt: 1, pb: 'calc(8px + env(safe-area-inset-bottom, 0px))' }}
    >
      <Button variant="text" onClick={onClose}>
        {fr.generic.close}
      </Button>
      {others.map((action) => (
        <Button key={action.id} variant="outlined" color={action.kind === 'delete' ? 'error' : 'primary'} onClick={() => onRun(action)}>
          {action.label}
        </Button>
      ))}
      {primary && (
        <Button variant="contained" onClick={() => onRun(primary)} sx={{ gridColumn: '1 / -1', minHeight: 48 }}>
          {primary.label}
        </Button>
      )}
    </DialogActions>
  );
}

/** Every field of a record, over the list, opened by a row or by /{name}/{id}; its buttons are the config's detail actions. */
export function DetailDialog() {
  const { config, texts, lists, available, run } = useResourceScreen();
  const { route, closeRoute } = useScreenRoute();
  const id = route.mode === 'detail' ? route.id : undefined;
  // Its own cache entry (meta): the list's rows hold only the list's fields. Opened from a row or a card, the
  // list's copy shows at once (placeholder) and its buttons work; the rest fills in when the record answers.
  const queryClient = useQueryClient();
  const listCopy = id === undefined ? undefined : listRecordOf(queryClient, config.name, id);
  const {
    data,
    isPending,
    isPaused,
    isPlaceholderData,
    error,
  } = useGetOne(config.name, { id: id as string, meta: DETAIL_META }, { enabled: id !== undefined, retry: false, placeholderData: listCopy });
  const fullScreen = useFullScreenDialog();
  // A change just made here and not sent yet: « Annuler » inside the dialog (its toast is outside, hidden from the keyboard).
  const undo = useUndoEntry(id === undefined ? undefined : undoKeyOf(config.name, id));
  const Body = config.detail?.body;
  const sections = config.detail?.sections ?? [{ title: config.recordLabel, fields: config.fields.filter((f) => f.type !== 'password').map((f) => f.source) }];
  const loading = (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <CircularProgress size={20} aria-hidden />
      <Typography>{texts.detailLoading}</Typography>
    </Box>
  );
  // Deleted meanwhile (by someone else, in another tab), or a link to a record that no longer exists.
  const gone = errorStatus(error) === 404;
  // Offline, a record never opened with the network has no copy on the device: said, not loaded forever.
  const online = useOnline();
  const notOnDevice = (!data || isPlaceholderData) && !online && (isPaused || (!!error && errorStatus(error) === undefined));
  // Offline, the list's copy stays shown (a failed request drops react-query's placeholder), with the notice.
  const record = data ?? (notOnDevice ? listCopy : undefined);
  const partial = !!record && (isPlaceholderData || !data);
  const actions = record ? available(lists.detail, record) : [];
  const title = gone
    ? format(fr.generic.detailGoneTitle, { label: config.recordLabel })
    : record
      ? recordTitle(config, record)
      : notOnDevice
        ? config.recordLabel
        : texts.detailLoading;
  return (
    <DialogFrame open={id !== undefined} onClose={closeRoute} title={title} maxWidth={config.detail?.maxWidth}>
      <DialogContent dividers>
        {undo && !gone && (
          <Alert
            severity="success"
            sx={{ mb: 2, alignItems: 'center' }}
            action={
              <Button color="inherit" onClick={undo.undo} sx={{ fontWeight: 700, minHeight: 44 }}>
                {undo.label}
              </Button>
            }
          >
            {undo.message}
          </Alert>
        )}
        {gone ? (
          <Alert severity="warning">{fr.generic.detailGone}</Alert>
        ) : partial && record ? (
          <>
            <PreviewBody record={record} />
            <Box sx={{ mt: 2 }}>
              {notOnDevice ? (
                <Alert severity="info">{fr.generic.detailNotOnDevice}</Alert>
              ) : (
                <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <CircularProgress size={20} aria-hidden />
                  <Typography>{fr.generic.detailLoadingRest}</Typography>
                </Box>
              )}
            </Box>
          </>
        ) : notOnDevice ? (
          <Alert severity="info">{fr.generic.detailNotOnDevice}</Alert>
        ) : error ? (
          <Alert severity="error">
            {texts.detailLoadingError} : {frenchErrorMessage(error)}
          </Alert>
        ) : isPending || !record ? (
          loading
        ) : Body ? (
          <Suspense fallback={loading}>
            <Body record={record} />
          </Suspense>
        ) : (
          <SectionsBody record={record} sections={sections} />
        )}
      </DialogContent>
      {fullScreen ? (
        <PhoneDetailActions actions={record && !gone ? actions : []} onClose={closeRoute} onRun={(action) => run(action.id, [record!.id], record)} />
      ) : (
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={closeRoute}>{fr.generic.close}</Button>
          {record &&
            !gone &&
            actions.map((action) => (
              <Button
                key={action.id}
                variant={action.kind === 'delete' ? 'contained' : 'outlined'}
                color={action.kind === 'delete' ? 'error' : 'primary'}
                onClick={() => run(action.id, [record.id], record)}
              >
                {action.label}
              </Button>
            ))}
        </DialogActions>
      )}
    </DialogFrame>
  );
}
