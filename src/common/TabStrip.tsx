import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { styled } from '@mui/material/styles';
import { whenIdle } from './whenIdle';

export interface TabStripItem {
  value: string;
  label: ReactNode;
  icon?: ReactNode;
}

/**
 * Tabs that never measure the page: the WAI-ARIA tabs pattern (a tablist of buttons, the one shown `aria-selected`
 * and in the tab order, arrows, Home and End to move between them, Enter or Space to pick) drawn by CSS alone, its
 * line under the tab shown included. MUI's Tabs reads the tabs' sizes after each of its renders to place its
 * indicator and scroll buttons, so a list's first load forced the page's layout as the counts came in. On a phone
 * the strip scrolls under the finger; the tab shown is brought into view once the page is idle, or at once when
 * picked.
 */
const Strip = styled('div')(({ theme }) => ({
  display: 'flex',
  overflowX: 'auto',
  scrollbarWidth: 'none',
  '&::-webkit-scrollbar': { display: 'none' },
  borderBottom: `1px solid ${theme.palette.divider}`,
  marginBottom: theme.spacing(2),
  '& [role="tab"]': {
    ...theme.typography.button,
    flex: 'none',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: theme.spacing(1),
    minHeight: 48,
    minWidth: 90,
    padding: theme.spacing(1.5, 2),
    border: 0,
    margin: 0,
    background: 'none',
    color: theme.palette.text.secondary,
    cursor: 'pointer',
    position: 'relative',
    whiteSpace: 'nowrap',
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
    '& svg': { fontSize: '1.25rem' },
  },
  '& [role="tab"][aria-selected="true"]': {
    color: theme.palette.primary.main,
    '&::after': { content: '""', position: 'absolute', left: 0, right: 0, bottom: 0, height: 2, backgroundColor: theme.palette.primary.main },
  },
}));

export function TabStrip({ value, items, onChange, label }: { value: string | false; items: TabStripItem[]; onChange: (value: string) => void; label: string }) {
  const strip = useRef<HTMLDivElement>(null);
  const picked = useRef(false);
  const first = items[0]?.value;
  const focusable = items.some((item) => item.value === value) ? value : first;

  // The tab shown in view: at once after a pick, once the page is idle otherwise (the load is not made to measure).
  useEffect(() => {
    const shown = () => strip.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    if (picked.current) {
      picked.current = false;
      shown();
      return;
    }
    if (!value || value === first) return;
    return whenIdle(shown, 2000);
  }, [value, first]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...(strip.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const at = tabs.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    tabs[(next + tabs.length) % tabs.length].focus();
  };

  return (
    <Strip ref={strip} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item.value}
          type="button"
          role="tab"
          aria-selected={item.value === value}
          tabIndex={item.value === focusable ? 0 : -1}
          onClick={() => {
            picked.current = true;
            onChange(item.value);
          }}
        >
          {item.icon}
          {item.label}
        </button>
      ))}
    </Strip>
  );
}
