// The fixture's first screen: a button from MUI's index file, and a lazy screen of its own.
import { Button } from '@mui/material';

export const openLater = () => import('./later');

export default function FirstScreen() {
  return <Button onClick={() => void openLater()}>Ouvrir</Button>;
}
