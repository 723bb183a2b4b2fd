import { lazy, Suspense, useMemo, useState } from 'react';
import { CreateBase, EditBase, Form, useEditContext, useRecordContext, useSaveContext, type RaRecord } from 'ra-core';
import { SaveButton } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { PHONE_DIALOG_ACTIONS } from '../../common/ActionDialogFrame';
import { useFullScreenDialog, useIsPhone } from '../../common/breakpoints';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { useSettings } from '../../providers/settings';
import { fr } from '../../i18n/fr';
import { FieldInput } from '../fields/FieldInput';
import { schemaOf, zodValidate } from '../validation';
import { useResourceScreen, useScreenRoute } from '../screen';
import type { FieldConfig, ResourceConfig, Row, SectionConfig } from '../types';
import { createPayload, editPayload, formValuesOf } from '../payload';
import { fieldOf } from '../values';
import { DialogFrame } from '../../common/DialogFrame';
import { DETAIL_META } from './detailMeta';

type Mode = 'create' | 'edit';

const WIDE: FieldConfig['type'][] = ['longtext', 'blocks', 'images', 'image', 'openingHours', 'location'];
const PREVIEW_LAYOUT = {
  display: { md: 'grid' },
  gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
  columnGap: 3,
  alignItems: 'start',
  '& > *': { gridColumn: { md: 1 } },
  '& > [data-preview]': { gridColumn: { md: 2 }, gridRow: { md: '1 / span 50' }, position: { md: 'sticky' }, top: 0 },
};
const editable = (field: FieldConfig, mode: Mode) => !field.readOnly && !(field.createOnly && mode === 'edit');

/** The sections of the form: the config's, else one of every editable field. */
export function formSectionsOf(config: ResourceConfig, mode: Mode): { title?: string; fields: FieldConfig[] }[] {
  const sections: (SectionConfig | { title?: string; fields: string[] })[] = config.form?.sections ?? [
    { fields: config.fields.filter((f) => editable(f, mode)).map((f) => f.source) },
  ];
  return sections
    .map((section) => ({ title: section.title, fields: section.fields.map((s) => fieldOf(config, s)).filter((f) => editable(f, mode)) }))
    .filter((section) => section.fields.length > 0);
}

function FormActions({ mode, onCancel }: { mode: Mode; onCancel: () => void }) {
  const { texts } = useResourceScreen();
  const { saving } = useSaveContext();
  const phone = useFullScreenDialog();
  return (
    <DialogActions disableSpacing={phone} sx={phone ? PHONE_DIALOG_ACTIONS : undefined}>
      <Button onClick={onCancel} disabled={saving} variant={phone ? 'outlined' : 'text'}>
        {fr.generic.cancel}
      </Button>
      <SaveButton
        alwaysEnable={!saving}
        icon={<span />}
        label={saving ? fr.generic.submitting : mode === 'create' ? texts.submitCreate : texts.submitEdit}
      />
    </DialogActions>
  );
}

/** Server errors on fields the form does not show are said in the form, so none is lost. */
function HiddenFieldErrors({ shown }: { shown: Set<string> }) {
  const { errors } = useFormState();
  const others = Object.entries(errors).filter(([key]) => !shown.has(key) && key !== 'root');
  if (others.length === 0) return null;
  return (
    <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
      {others.map(([, error]) => String((error as { message?: unknown })?.message ?? '')).join(' ')}
    </Typography>
  );
}

// The phone's position for a new record's point: loaded with the first phone form that uses it.
const DevicePosition = lazy(() => import('../fields/DevicePosition'));

function RecordForm({ mode, onCancel }: { mode: Mode; onCancel: () => void }) {
  const { config } = useResourceScreen();
  const phone = useIsPhone();
  // Fields whose validation follows the settings (a password under the policy) read them.
  const { settings } = useSettings({ enabled: config.fields.some((f) => f.schemaWith) });
  const validate = useMemo(() => zodValidate(schemaOf(config, mode, settings)), [config, mode, settings]);
  const record = useRecordContext();
  const values = useMemo(() => formValuesOf(config, record), [config, record]);
  const sections = useMemo(() => formSectionsOf(config, mode), [config, mode]);
  const shown = useMemo(() => new Set(sections.flatMap((s) => s.fields.map((f) => f.source))), [sections]);
  const Preview = config.form?.preview;
  // On a phone, a new record's point starts where the phone is (a 'location' field with `locate`).
  const located = mode === 'create' && phone ? sections.flatMap((s) => s.fields).find((f) => f.type === 'location' && f.locate) : undefined;
  return (
    // display: contents lets the dialog's title, scrolling content and actions sit inside the form.
    <Box sx={{ display: 'contents', '& > form': { display: 'contents' } }}>
      <Form validate={validate} record={values} noValidate>
        {/* With a preview: the fields in the first column, the preview beside them (under them on a narrow screen). */}
        <DialogContent dividers sx={Preview ? PREVIEW_LAYOUT : undefined}>
          {located && (
            <Suspense fallback={null}>
              <DevicePosition field={located} />
            </Suspense>
          )}
          {sections.map((section, index) => (
            <Box component="fieldset" key={section.title ?? index} sx={{ border: 0, p: 0, m: 0, mb: 2, minWidth: 0 }}>
              {section.title && (
                <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1, p: 0 }}>
                  {section.title}
                </Typography>
              )}
              <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
                {section.fields.map((field) => (
                  <Box key={field.source} sx={{ minWidth: 0, gridColumn: field.fullWidth || WIDE.includes(field.type) ? '1 / -1' : undefined }}>
                    <FieldInput field={field} />
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
          <HiddenFieldErrors shown={shown} />
          {Preview && (
            <Box data-preview sx={{ minWidth: 0, mt: { xs: 2, md: 0 } }}>
              <Preview />
            </Box>
          )}
        </DialogContent>
        <FormActions mode={mode} onCancel={onCancel} />
      </Form>
    </Box>
  );
}

/** The edit form once its record is loaded (the form's values start from it). */
function EditGate({ onCancel }: { onCancel: () => void }) {
  const { texts } = useResourceScreen();
  const { isPending, error } = useEditContext();
  if (error)
    return (
      <DialogContent dividers>
        <Alert severity="error">
          {texts.detailLoadingError} : {frenchErrorMessage(error)}
        </Alert>
      </DialogContent>
    );
  if (isPending)
    return (
      <DialogContent dividers>
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>{texts.detailLoading}</Typography>
        </Box>
      </DialogContent>
    );
  return <RecordForm mode="edit" onCancel={onCancel} />;
}

/**
 * The create and edit dialogs over the list (/{name}/create, /{name}/{id}/edit), on react-admin's
 * CreateBase / EditBase and Form: the config's zod schema validates, the server's field errors show
 * under their fields, a failure keeps the dialog open with every value and says why in French.
 */
export function FormDialog() {
  const { config, texts, allowed } = useResourceScreen();
  const { route, closeRoute } = useScreenRoute();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  // Values a create form starts with (openCreateWith: the calendar's day), before the fields' defaults.
  const startWith = (useLocation().state as { record?: Row } | null)?.record;
  const mode: Mode | undefined = route.mode === 'create' ? 'create' : route.mode === 'edit' ? 'edit' : undefined;
  const open = mode === 'create' ? !!config.views.create && allowed('create') : mode === 'edit' ? !!config.views.edit && allowed('edit') : false;

  const mutationOptions = (success: { title: string; message: string }, failure: { title: string; message: string }, messageOf?: (record: Row) => string | undefined) => ({
    onMutate: () => setBusy(true),
    onSuccess: (record: unknown) => {
      setBusy(false);
      toast({ title: success.title, description: (record ? messageOf?.(record as Row) : undefined) || success.message, variant: 'success' });
      closeRoute();
    },
    onError: (error: unknown) => {
      setBusy(false);
      toast({ title: failure.title, description: `${failure.message} ${frenchErrorMessage(error)}`, variant: 'destructive' });
    },
  });

  return (
    <DialogFrame open={open} onClose={closeRoute} busy={busy} title={mode === 'edit' ? texts.editTitle : texts.create} maxWidth={config.form?.maxWidth}>
      {open && mode === 'create' && (
        <CreateBase resource={config.name} record={startWith} redirect={false} transform={(values: Row) => createPayload(config, values)} mutationOptions={mutationOptions(texts.created, texts.createError, config.form?.createdMessage)}>
          <RecordForm mode="create" onCancel={closeRoute} />
        </CreateBase>
      )}
      {open && mode === 'edit' && route.mode === 'edit' && (
        <EditBase
          resource={config.name}
          id={route.id}
          redirect={false}
          mutationMode="pessimistic"
          queryOptions={{ meta: DETAIL_META }}
          transform={(values: RaRecord) => editPayload(values)}
          // The same meta as the record's query, so react-admin updates that cache entry (a create's answer,
          // without its media, must not fill the detail's entry: it gets none).
          mutationOptions={{ ...mutationOptions(texts.updated, texts.updateError), meta: DETAIL_META }}
        >
          <EditGate onCancel={closeRoute} />
        </EditBase>
      )}
    </DialogFrame>
  );
}
