import { useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MoreIcon from '@mui/icons-material/MoreVert';
import type { ResolvedAction } from '../actions/actions';

export interface ActionMenuProps {
  actions: ResolvedAction[];
  onPick: (action: ResolvedAction) => void;
  /** An icon button with this accessible name (a row's menu)... */
  iconLabel?: string;
  /** ...or a button with this text ("Actions groupées"). */
  buttonText?: ReactNode;
  /** Use each action's bulk label. */
  bulk?: boolean;
}

/**
 * A menu of actions, for a row ("Actions pour « … »") or for the selection ("Actions groupées").
 * The menu is mounted at its first opening (then kept, so that it closes with its transition): closed,
 * MUI's Menu still mounts its Popover and Modal, and a list of 25 rows mounted 25 of them for nothing.
 */
export function ActionMenu({ actions, onPick, iconLabel, buttonText, bulk }: ActionMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  if (actions.length === 0) return null;
  const trigger = {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': anchor ? ('true' as const) : undefined,
    'aria-controls': anchor ? menuId : undefined,
    onClick: (e: React.MouseEvent<HTMLElement>) => {
      e.stopPropagation();
      setAnchor(e.currentTarget);
      setOpened(true);
    },
  };
  return (
    <>
      {buttonText ? (
        <Button variant="contained" size="small" endIcon={<ExpandMoreIcon />} {...trigger}>
          {buttonText}
        </Button>
      ) : (
        <IconButton size="small" aria-label={iconLabel} {...trigger}>
          <MoreIcon />
        </IconButton>
      )}
      {opened && (
        <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} onClick={(e) => e.stopPropagation()}>
          {actions.map((action) => {
            const Icon = action.icon;
            return (
              <MenuItem
                key={action.id}
                onClick={() => {
                  setAnchor(null);
                  onPick(action);
                }}
              >
                {Icon && (
                  <ListItemIcon>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                )}
                <ListItemText>{bulk ? action.bulkLabel : action.label}</ListItemText>
              </MenuItem>
            );
          })}
        </Menu>
      )}
    </>
  );
}
