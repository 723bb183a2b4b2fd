import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { withReducedMotion } from '../../../src/custom/layout/themeBase';

describe('the system asks for less motion', () => {
  it('MUI transitions take no time and buttons draw no ripple', () => {
    const theme = createTheme(withReducedMotion({ components: { MuiTextField: { defaultProps: { size: 'small' as const } } } }, true));
    expect(theme.transitions.create(['transform', 'opacity'])).toBe('none');
    expect(theme.transitions.duration.enteringScreen).toBe(0);
    expect(theme.transitions.duration.leavingScreen).toBe(0);
    expect(theme.transitions.getAutoHeightDuration(400)).toBe(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(theme.components?.MuiTextField?.defaultProps?.size).toBe('small');
  });

  it('otherwise changes nothing of MUI’s motion', () => {
    const options = { palette: { mode: 'light' as const } };
    expect(withReducedMotion(options, false)).toBe(options);
    const theme = createTheme(withReducedMotion({}, false));
    expect(theme.transitions.create('transform')).toMatch(/^transform \d+ms/);
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
  });
});
