import type { Theme } from '@mui/material/styles';

/**
 * The grey line under a title (a report's number and type, a date and place): one look for the dashboard's
 * lists, the list's cards and its table cells, written as a class's styles inside their styled roots.
 */
export const secondaryCaption = (theme: Theme) => ({ ...theme.typography.caption, color: theme.palette.text.secondary, margin: 0 });
