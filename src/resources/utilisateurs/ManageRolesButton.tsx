import Button from '@mui/material/Button';
import SecurityIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import { useListView } from '../../generic/list/ListTabs';
import { fr } from '../../i18n/fr';

/** "Gérer les rôles": opens the Rôles & Permissions tab, at its address (/utilisateurs?vue=roles). */
export default function ManageRolesButton() {
  const [, setView] = useListView();
  return (
    <Button variant="outlined" startIcon={<SecurityIcon />} onClick={() => setView('roles')}>
      {fr.resources.utilisateurs.manageRoles}
    </Button>
  );
}
