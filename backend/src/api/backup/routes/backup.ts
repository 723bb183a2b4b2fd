/** Backups (the maintenance module of the matrix: administrators): the list, "Sauvegarder maintenant", a download. */
export default {
  routes: [
    { method: 'GET', path: '/backups', handler: 'backup.find' },
    { method: 'POST', path: '/backups', handler: 'backup.create' },
    { method: 'GET', path: '/backups/:name/download', handler: 'backup.download' },
  ],
};
