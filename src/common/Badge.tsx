import Chip from '@mui/material/Chip';

/**
 * A small coloured label (status, priority, SLA). Tones use dark text on light tints in the light
 * theme and light text on dark tints in the dark theme: contrast above 4.5:1 (RGAA / WCAG AA).
 */
export type BadgeTone = 'blue' | 'amber' | 'violet' | 'green' | 'red' | 'grey' | 'orange';

const LIGHT: Record<BadgeTone, [bg: string, fg: string]> = {
  blue: ['#dbeafe', '#1e3a8a'],
  amber: ['#fef3c7', '#78350f'],
  violet: ['#ede9fe', '#4c1d95'],
  green: ['#dcfce7', '#14532d'],
  red: ['#fee2e2', '#7f1d1d'],
  grey: ['#e5e7eb', '#1f2937'],
  orange: ['#ffedd5', '#7c2d12'],
};
const DARK: Record<BadgeTone, [bg: string, fg: string]> = {
  blue: ['#1e3a8a', '#dbeafe'],
  amber: ['#78350f', '#fef3c7'],
  violet: ['#4c1d95', '#ede9fe'],
  green: ['#14532d', '#dcfce7'],
  red: ['#7f1d1d', '#fee2e2'],
  grey: ['#374151', '#f3f4f6'],
  orange: ['#7c2d12', '#ffedd5'],
};

export function Badge({ label, tone }: { label: string; tone: BadgeTone }) {
  return (
    <Chip
      size="small"
      label={label}
      sx={(theme) => {
        const [bg, fg] = (theme.palette.mode === 'dark' ? DARK : LIGHT)[tone];
        return { bgcolor: bg, color: fg, fontWeight: 600, borderRadius: 1 };
      }}
    />
  );
}
