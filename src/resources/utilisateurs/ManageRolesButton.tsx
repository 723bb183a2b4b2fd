import Button from '@mui/material/Button';
import SecurityIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import { useListView } from '../../generic/list/ListTabs';
import { messages } from './messages';

/** "Gérer les rôles": opens the Rôles & Permissions tab, at its address (/utilisateurs?vue=roles). */
export default function ManageRolesButton() {
  const [, setView] = useListView();
  return (
    <Button variant="outlined" startIcon={<SecurityIcon />} onClick={() => setView('roles')}>
      {messages.manageRoles}
    </Button>
  );
}
