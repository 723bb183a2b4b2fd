import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { frShell, format } from '../../i18n/fr-shell';
import { isChunkLoadError, isReloading, reloadOnce } from '../../offline/reloadOnce';
import { standaloneTheme } from '../login/standaloneTheme';

const l = frShell.routeError;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : typeof error === 'string' ? error : '');

/**
 * Every route's error screen (react-router's errorElement), in French, never the library's developer
 * page. A screen whose code could not be loaded (a redeploy renamed the chunks) reloads once to the
 * new version; offline, it says the screen will open when the network is back.
 */
export default function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const offline = chunk && typeof navigator !== 'undefined' && navigator.onLine === false;
  const [reloading] = useState(() => chunk && !offline && (isReloading() || reloadOnce()));
  useEffect(() => {
    if (!chunk) console.error(error);
  }, [chunk, error]);

  return (
    <ThemeProvider theme={standaloneTheme}>
      <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
        <Box component="section" role={reloading ? 'status' : 'alert'} sx={{ maxWidth: 520, textAlign: 'center' }}>
          {reloading ? (
            <Typography>{l.reloading}</Typography>
          ) : (
            <>
              <Typography variant="h5" component="h1" gutterBottom>
                {l.title}
              </Typography>
              <Typography color="text.secondary">{offline ? l.offlineMessage : chunk ? l.chunkMessage : l.message}</Typography>
              {!chunk && messageOf(error) && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1, wordBreak: 'break-word' }}>
                  {format(l.details, { message: messageOf(error) })}
                </Typography>
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="center" sx={{ mt: 3 }}>
                <Button variant="contained" size="large" onClick={() => window.location.reload()}>
                  {l.reload}
                </Button>
                <Button variant="outlined" size="large" href="/">
                  {l.home}
                </Button>
              </Stack>
            </>
          )}
        </Box>
      </Box>
    </ThemeProvider>
  );
}
