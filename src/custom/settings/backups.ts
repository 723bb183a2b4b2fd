import { useMutation, useQuery } from '@tanstack/react-query';
import { useCustomCalls } from '../../providers/customCalls';
import { SETTINGS_RESOURCE } from '../../providers/settings';

export interface BackupFile {
  name: string;
  size: number;
  createdAt: string;
}

/** The backups (GET /api/backups, administrators), newest first; under the settings' key, so a settings write refreshes them. */
export function useBackups() {
  const calls = useCustomCalls();
  return useQuery({
    queryKey: [SETTINGS_RESOURCE, 'backups'],
    queryFn: ({ signal }) => calls.get<{ data: BackupFile[]; meta: { folder: string; keep: number } }>('/api/backups', {}, signal),
    retry: false,
  });
}

/** "Sauvegarder maintenant": POST /api/backups; the query client refreshes the list after it (its key names the settings). */
export function useCreateBackup() {
  const calls = useCustomCalls();
  return useMutation({
    mutationKey: [SETTINGS_RESOURCE, 'backup'],
    mutationFn: () => calls.send<{ data: BackupFile }>('POST', '/api/backups').then((body) => body.data),
  });
}

/** A size in French units: 12,3 Mo. */
export function formatSize(bytes: number): string {
  const units = ['o', 'Ko', 'Mo', 'Go'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}
