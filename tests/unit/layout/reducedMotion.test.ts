import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { reducedMotionOptions } from '../../../src/custom/layout/themeBase';

describe('the system asks for less motion', () => {
  it('MUI transitions take no time and buttons draw no ripple', () => {
    const theme = createTheme(reducedMotionOptions(true));
    expect(theme.transitions.create(['transform', 'opacity'])).toBe('none');
    expect(theme.transitions.duration.enteringScreen).toBe(0);
    expect(theme.transitions.duration.leavingScreen).toBe(0);
    expect(theme.transitions.getAutoHeightDuration(400)).toBe(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
  });

  it('otherwise changes nothing of MUI’s motion', () => {
    expect(reducedMotionOptions(false)).toEqual({});
    const theme = createTheme(reducedMotionOptions(false));
    expect(theme.transitions.create('transform')).toMatch(/^transform \d+ms/);
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
  });
});
