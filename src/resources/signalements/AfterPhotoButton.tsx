import { useRef } from 'react';
import type { RaRecord } from 'ra-core';
import Button from '@mui/material/Button';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import { useRecordMutations } from '../../generic/actions/useRecordMutations';
import { useResourceScreen } from '../../generic/screen';
import { messages } from './messages';
import { reportPhotos } from './reportRecord';

const l = messages.afterPhoto;

/**
 * « Photo après intervention »: the phone's camera through the file input (capture), the photo added
 * to the report's own; without a network the change waits on the device with the others.
 */
export function AfterPhotoButton({ record }: { record: RaRecord }) {
  const { config, storeKey } = useResourceScreen();
  const { updateRecords } = useRecordMutations(config.name, storeKey);
  const input = useRef<HTMLInputElement>(null);
  const add = async (file: File | undefined) => {
    if (!file) return;
    const photos = [...reportPhotos(record).filter((photo) => photo.id !== undefined), file];
    await updateRecords([record.id], { photos }, { successTitle: l.successTitle, success: l.success, errorTitle: l.errorTitle, error: l.error }, record);
    if (input.current) input.current.value = '';
  };
  return (
    <Button component="label" size="small" variant="outlined" startIcon={<PhotoCameraIcon />} title={l.help} sx={{ minHeight: 44 }}>
      {l.button}
      <input ref={input} type="file" accept="image/*" capture="environment" hidden onChange={(event) => void add(event.target.files?.[0])} />
    </Button>
  );
}
