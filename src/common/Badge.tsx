import { styled } from '@mui/material/styles';

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

/** Each tone's colours as a rule on `data-tone`, once per theme mode (not at each badge's render). */
const toneRules = (colours: Record<BadgeTone, [bg: string, fg: string]>) =>
  Object.fromEntries(Object.entries(colours).map(([tone, [bg, fg]]) => [`&[data-tone="${tone}"]`, { backgroundColor: bg, color: fg }]));
const TONE_RULES = { light: toneRules(LIGHT), dark: toneRules(DARK) };

/**
 * One styled span, not MUI's Chip: a list shows three badges per row (75 on a page of 25), and a Chip
 * is several styled components whose variants MUI resolves at each render. Looks as the small Chip did.
 */
const BadgeLabel = styled('span')(({ theme }) => ({
  display: 'inline-block',
  maxWidth: '100%',
  height: 24,
  padding: '0 8px',
  boxSizing: 'border-box',
  borderRadius: theme.shape.borderRadius,
  fontFamily: theme.typography.fontFamily,
  fontSize: theme.typography.pxToRem(13),
  fontWeight: 600,
  lineHeight: '24px',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  verticalAlign: 'middle',
  ...TONE_RULES[theme.palette.mode],
}));

export function Badge({ label, tone }: { label: string; tone: BadgeTone }) {
  return <BadgeLabel data-tone={tone}>{label}</BadgeLabel>;
}
