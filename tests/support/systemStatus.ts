const HOUR = 3600 * 1000;

/** GET /api/system-status as a healthy demo server answers it (no SMS provider: the product ships none). */
export function systemStatus(overrides: { database?: object; email?: object; sms?: object } = {}) {
  return {
    checkedAt: new Date().toISOString(),
    backend: { uptimeSeconds: 120, node: 'v20.20.2' },
    database: {
      client: 'sqlite',
      size: 1_700_000,
      lastBackup: { name: 'sauvegarde-20261122-230000.tar.gz', size: 900_000, createdAt: new Date(Date.now() - 2 * HOUR).toISOString() },
      backupCount: 3,
      backupFrequency: 'daily',
      backupError: null,
      ...overrides.database,
    },
    realtime: { enabled: true, connections: 4 },
    email: {
      provider: 'nodemailer',
      configured: true,
      host: 'smtp.mamoudzou.yt',
      port: 587,
      secure: false,
      from: 'Mairie de Mamoudzou <ne-pas-repondre@mamoudzou.yt>',
      replyTo: null,
      reachable: true,
      error: null,
      lastSentAt: '2026-11-23T08:15:00.000Z',
      lastError: null,
      lastErrorAt: null,
      outbox: { queued: 2, sending: 0, sent: 41, failed: 0 },
      notificationsEnabled: true,
      ...overrides.email,
    },
    sms: { configured: false, provider: null, notificationsEnabled: false, ...overrides.sms },
    uploads: {
      maxFileUploadSize: 10,
      allowedFileTypes: ['.jpg', '.pdf'],
      serverLimit: 104857600,
      maxUploadsPerHour: 30,
      maxUploadVolumePerDay: 500,
      imageWork: { concurrency: 1, running: 1, queued: 4, peak: 1, done: 12, failed: 0 },
    },
    map: { provider: 'openstreetmap', keySet: false },
    versions: { application: '0.1.0', strapi: '5.54.0' },
    tasks: [
      { name: 'pruneNotifications', nextRun: '2026-11-24T00:00:00.000Z' },
      { name: 'pruneAuditLog', nextRun: '2026-11-24T00:10:00.000Z' },
      { name: 'backup', nextRun: '2026-11-23T23:30:00.000Z' },
    ],
  };
}
