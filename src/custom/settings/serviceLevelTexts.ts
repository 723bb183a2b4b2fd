/** The texts of the service levels' settings (Paramétrages → Signalements). */
export const serviceLevelTexts = {
  targets: {
    title: 'Délais de traitement',
    help: 'Le délai donné à chaque signalement selon sa priorité, en heures (de 1 heure à 365 jours). Il est fixé à la création et recalculé quand la priorité change, jamais après la clôture.',
  },
  hours: '{priority} (heures)',
  overrides: 'Délais par type',
  overridesHelp: 'Un délai propre à un type et une priorité remplace celui de la priorité.',
  addOverride: 'Ajouter un délai par type',
  overrideType: 'Type',
  overridePriority: 'Priorité',
  overrideHours: 'Délai (heures)',
  workingHoursOnly: 'Compter en heures ouvrées',
  workingHoursOnlyHelp: 'Du lundi au vendredi, aux horaires de la mairie, hors jours fériés (heure de Mayotte).',
  opening: 'Ouverture',
  closing: 'Fermeture',
  holidays: 'Jours fériés',
  holidaysHelp: 'Fêtes légales et 27 avril (abolition de l’esclavage à Mayotte) ; les dates mobiles sont à ajouter chaque année.',
  addHoliday: 'Ajouter un jour férié',
  holiday: 'Date',
  reminders: {
    title: 'Rappels et escalade',
    help: 'Le serveur prévient l’agent assigné (sinon le personnel du service) quand un signalement atteint la part indiquée de son délai, puis à l’échéance ; les superviseurs ensuite, si le retard dure. Dans le back-office et par e-mail, selon les préférences de chacun.',
  },
  reminderPercent: 'Rappel à (% du délai écoulé)',
  escalationHours: 'Escalade après un retard de (heures)',
  escalationRoles: 'Superviseurs prévenus (en plus des administrateurs)',
};
