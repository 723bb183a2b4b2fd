import { lazy, Suspense, useMemo, useState } from 'react';
import { useListContext } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { PHONE_MEDIA, useIsPhone } from '../../common/breakpoints';
import { ExportMenu } from '../../common/ExportMenu';
import { PhoneActionBar } from '../../common/PhoneActionBar';
import { fr } from '../../i18n/fr';
import { useResourceScreen } from '../screen';
import { PageTitle } from '../../common/PageTitle';
import { withHeaders } from './exportHeaders';

// The CSV reader and its dialog load when "Importer" is first pressed.
const ImportDialog = lazy(() => import('../import/ImportDialog'));

/** The page's title (also in the app bar), subtitle, "Importer" (CSV), "Exporter" (every record of the tab and filters) and the create button (on a phone, at the bottom of the screen). */
export function ListHeader() {
  const { config, texts, allowed, openCreate } = useResourceScreen();
  const { filterValues, filter, sort } = useListContext();
  const [importing, setImporting] = useState(false);
  const canImport = !!config.import && allowed('import');
  const canExport = !!config.exportColumns?.length && allowed('export');
  const exportColumns = useMemo(() => withHeaders(config, config.exportColumns ?? []), [config]);
  const canCreate = !!config.views.create && allowed('create');
  const Extra = config.list.header;
  const phone = useIsPhone();
  // The buttons come once the role's rights are known, after the title: their height is kept from the start, or the
  // title and the list under it moved down as they came (a phone's list shifted by 12 px, most of its CLS).
  const mayHaveButtons = !!Extra || !!config.import || !!config.exportColumns?.length || (!phone && !!config.views.create);
  return (
    <Box sx={mayHaveButtons ? HEADER_WITH_BUTTONS_SX : HEADER_SX}>
      <PageTitle title={config.label} />
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          {config.label}
        </Typography>
        {texts.subtitle && (
          <Typography variant="body2" color="text.secondary">
            {texts.subtitle}
          </Typography>
        )}
      </Box>
      {Extra && (
        <Suspense fallback={null}>
          <Extra />
        </Suspense>
      )}
      {canImport && (
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setImporting(true)}>
          {fr.import.button}
        </Button>
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog open onClose={() => setImporting(false)} />
        </Suspense>
      )}
      {canExport && (
        <ExportMenu resource={config.name} columns={exportColumns} fileName={config.name} title={config.label} filter={{ ...filterValues, ...filter }} sort={sort} />
      )}
      {canCreate &&
        (phone ? (
          // On a phone the create button waits at the bottom of the screen, under the thumb.
          <PhoneActionBar label={fr.generic.mainActions}>
            <Button variant="contained" startIcon={<AddIcon />} onClick={openCreate}>
              {texts.create}
            </Button>
          </PhoneActionBar>
        ) : (
          <Button variant="contained" startIcon={<AddIcon />} onClick={openCreate}>
            {texts.create}
          </Button>
        ))}
    </Box>
  );
}

const HEADER_SX = { display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 } as const;
// A button's height: MUI's medium button with a mouse, 44 px on a phone.
const HEADER_WITH_BUTTONS_SX = { ...HEADER_SX, minHeight: 36.5, [PHONE_MEDIA]: { minHeight: 44 } } as const;
