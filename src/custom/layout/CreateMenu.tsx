import { useState } from 'react';
import { usePermissions, useResourceDefinitions } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddIcon from '@mui/icons-material/Add';
import { canAccessResource } from '../../providers/authProvider';
import { fr } from '../../i18n/fr';
import type { ResourceOptions } from '../../resources/common/resourceProps';

/** The "Créer" quick actions: the create forms of reports, news, events and POI the role may create. */
export const CREATE_ACTIONS = [
  { resource: 'signalements', label: fr.header.createReport },
  { resource: 'actualites', label: fr.header.createArticle },
  { resource: 'evenements', label: fr.header.createEvent },
  { resource: 'poi', label: fr.header.createPoi },
];

export function CreateMenu() {
  const definitions = useResourceDefinitions();
  const { permissions } = usePermissions<{ role?: string }>();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = CREATE_ACTIONS.filter(({ resource }) => {
    const definition = definitions[resource];
    const options = definition?.options as ResourceOptions | undefined;
    return definition?.hasCreate && canAccessResource(permissions?.role, options?.access, 'create');
  });
  if (actions.length === 0) return null;
  return (
    <>
      <Button
        variant="contained"
        size="small"
        startIcon={<AddIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'create-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {fr.header.create}
      </Button>
      <Menu id="create-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {actions.map(({ resource, label }) => {
          const Icon = definitions[resource].icon as typeof AddIcon | undefined;
          return (
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
          );
        })}
      </Menu>
    </>
  );
}
