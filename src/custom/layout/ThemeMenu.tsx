import { useState } from 'react';
import { useRemoveFromStore, useStore } from 'ra-core';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { LazyMenu } from '../../common/LazyOverlays';
import MenuItem from '@mui/material/MenuItem';
import { Hint } from '../../common/Hint';
import LightIcon from '@mui/icons-material/LightModeOutlined';
import DarkIcon from '@mui/icons-material/DarkModeOutlined';
import SystemIcon from '@mui/icons-material/SettingsBrightnessOutlined';
import CheckIcon from '@mui/icons-material/Check';
import { fr } from '../../i18n/fr';

/**
 * Clair, Sombre, Système (the default: no stored choice, so react-admin follows the OS
 * preference live through its media query). Stored in react-admin's store under "theme".
 */
export type ThemeChoice = 'light' | 'dark' | 'system';

const OPTIONS: { value: ThemeChoice; label: string; Icon: typeof LightIcon }[] = [
  { value: 'light', label: fr.header.themeLight, Icon: LightIcon },
  { value: 'dark', label: fr.header.themeDark, Icon: DarkIcon },
  { value: 'system', label: fr.header.themeSystem, Icon: SystemIcon },
];

/** The theme choice and how to change it. */
function useThemeChoice() {
  const [stored, setStored] = useStore<'light' | 'dark' | undefined>('theme');
  const removeTheme = useRemoveFromStore('theme');
  const current: ThemeChoice = stored ?? 'system';
  const choose = (value: ThemeChoice) => (value === 'system' ? removeTheme() : setStored(value));
  return { current, choose };
}

/** The three choices as radio items of a menu (the header's theme menu, the phone's user menu). */
export function ThemeMenuItems({ onChosen }: { onChosen: () => void }) {
  const { current, choose } = useThemeChoice();
  return (
    <>
      {OPTIONS.map(({ value, label, Icon }) => (
        <MenuItem
          key={value}
          role="menuitemradio"
          aria-checked={current === value}
          selected={current === value}
          onClick={() => {
            choose(value);
            onChosen();
          }}
        >
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{label}</ListItemText>
          {current === value && <CheckIcon fontSize="small" sx={{ ml: 2 }} aria-hidden />}
        </MenuItem>
      ))}
    </>
  );
}

export function ThemeMenu() {
  const { current } = useThemeChoice();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const CurrentIcon = OPTIONS.find((o) => o.value === current)!.Icon;
  return (
    <>
      <Hint title={fr.header.theme}>
        <IconButton
          color="inherit"
          aria-label={fr.header.theme}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? 'theme-menu' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <CurrentIcon />
        </IconButton>
      </Hint>
      <LazyMenu id="theme-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <ThemeMenuItems onChosen={() => setAnchor(null)} />
      </LazyMenu>
    </>
  );
}
