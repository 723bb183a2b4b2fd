import { useMemo, useState, type MouseEvent } from 'react';
import { useResourceDefinitions } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { LazyMenu } from '../../common/LazyOverlays';
import MenuItem from '@mui/material/MenuItem';
import AddIcon from '@mui/icons-material/Add';
import { useIsPhone } from '../../common/breakpoints';
import type { ResourceOptions } from '../../generic/resourceProps';
import { fr } from '../../i18n/fr';
import { useAccessResources } from '../../common/access/useAccess';

const GROUP_ORDER = ['principal', 'contenus', 'gestion', 'administration'];

/** The "Créer" quick actions: the resources whose config lists a header entry, in menu order, that the user may create. */
export function CreateMenu() {
  const definitions = useResourceDefinitions();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const phone = useIsPhone();
  const candidates = useMemo(
    () =>
      Object.values(definitions)
        .flatMap((definition) => {
          const options = definition.options as ResourceOptions | undefined;
          const label = options?.quickCreate;
          if (!label || !definition.hasCreate) return [];
          const place = options.menu ? GROUP_ORDER.indexOf(options.menu.group) * 100 + options.menu.order : 1000;
          return [{ resource: definition.name, label, icon: definition.icon as typeof AddIcon | undefined, place }];
        })
        .sort((a, b) => a.place - b.place),
    [definitions],
  );
  const { canAccess } = useAccessResources({ action: 'create', resources: candidates.map((c) => c.resource) });
  const actions = candidates.filter((c) => canAccess?.[c.resource] === true);
  if (actions.length === 0) return null;
  const opener = {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': anchor ? ('true' as const) : undefined,
    'aria-controls': anchor ? 'create-menu' : undefined,
    onClick: (e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget),
  };
  return (
    <>
      {phone ? (
        // On a phone the header's title needs the room: the button says « Créer » to screen readers only.
        <IconButton color="inherit" aria-label={fr.header.create} {...opener}>
          <AddIcon />
        </IconButton>
      ) : (
        <Button variant="contained" size="small" startIcon={<AddIcon />} {...opener}>
          {fr.header.create}
        </Button>
      )}
      <LazyMenu id="create-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {actions.map(({ resource, label, icon: Icon }) => (
          <MenuItem
            key={resource}
            onClick={() => {
              setAnchor(null);
              navigate(`/${resource}/create`);
            }}
          >
            {Icon && (
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
            )}
            <ListItemText>{label}</ListItemText>
          </MenuItem>
        ))}
      </LazyMenu>
    </>
  );
}
