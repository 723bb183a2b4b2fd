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

export function ThemeMenu() {
  const [stored, setStored] = useStore<'light' | 'dark' | undefined>('theme');
  const removeTheme = useRemoveFromStore('theme');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current: ThemeChoice = stored ?? 'system';
  const options: { value: ThemeChoice; label: string; Icon: typeof LightIcon }[] = [
    { value: 'light', label: fr.header.themeLight, Icon: LightIcon },
    { value: 'dark', label: fr.header.themeDark, Icon: DarkIcon },
    { value: 'system', label: fr.header.themeSystem, Icon: SystemIcon },
  ];
  const CurrentIcon = options.find((o) => o.value === current)!.Icon;
  const choose = (value: ThemeChoice) => {
    if (value === 'system') removeTheme();
    else setStored(value);
    setAnchor(null);
  };
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
        {options.map(({ value, label, Icon }) => (
          <MenuItem key={value} role="menuitemradio" aria-checked={current === value} selected={current === value} onClick={() => choose(value)}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{label}</ListItemText>
            {current === value && <CheckIcon fontSize="small" sx={{ ml: 2 }} aria-hidden />}
          </MenuItem>
        ))}
      </LazyMenu>
    </>
  );
}
