// The fixture's later screen: its Autocomplete is not the first screen's.
import { Autocomplete, TextField } from '@mui/material';

export default function LaterScreen() {
  return <Autocomplete options={['a']} renderInput={(params) => <TextField {...params} label="Choix" />} />;
}
