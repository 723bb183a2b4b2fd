/**
 * Every text of every e-mail, in French, in one place. `{name}` is replaced by the template's
 * parameter of that name (escaped in the HTML part). A template is a subject, a greeting, paragraphs,
 * an optional button with its link, lines after it, and the footer every mail shares.
 *
 * A citizen's mail names the report by its reference and category, never by what was typed into it (title,
 * description, address): anyone may give any address with a report, and the town must not carry their words,
 * or their links, to it.
 */
export const EMAIL_TEXTS = {
  common: {
    town: 'Mairie de {siteName}',
    greeting: 'Bonjour,',
    greetingNamed: 'Bonjour {name},',
    signature: 'Les services de la mairie de {siteName}',
    contact: 'Contact : {contactEmail} · {contactPhone}',
    address: '{townAddress}',
    automatic: 'Ce message est envoyé automatiquement : merci de ne pas y répondre directement.',
    linkFallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
    /** Every citizen mail: the report's public page (/signaler/suivi/…). */
    track: 'Suivre ce signalement en ligne :',
    trackLink: 'Voir le signalement n° {reference}',
  },
  'report-acknowledgement': {
    subject: 'Signalement n° {reference} bien reçu',
    paragraphs: [
      'Nous avons bien reçu votre signalement n° {reference} (catégorie « {type} »).',
      'Nos services vont l’examiner. Rappelez ce numéro si vous contactez la mairie à son sujet.',
    ],
    optOut: 'Vous ne souhaitez plus recevoir d’e-mails au sujet de ce signalement ?',
    optOutLink: 'Ne plus recevoir d’e-mails pour ce signalement',
  },
  'report-reply': {
    subject: 'Signalement n° {reference} : réponse de la mairie',
    paragraphs: ['{followNote}', 'La mairie a répondu au sujet du signalement n° {reference} (catégorie « {type} ») :', '{reply}'],
    optOut: 'Vous ne souhaitez plus recevoir d’e-mails au sujet de ce signalement ?',
    optOutLink: 'Ne plus recevoir d’e-mails pour ce signalement',
  },
  'report-resolved': {
    subject: 'Signalement n° {reference} résolu',
    paragraphs: ['{followNote}', 'Le signalement n° {reference} (catégorie « {type} ») est résolu.', '{reply}', 'Merci d’avoir contribué à améliorer la commune.'],
    repairQuestion: 'Est-ce réparé ? Dites-le-nous en un clic, sans compte :',
    repaired: 'Oui, c’est réparé',
    notRepaired: 'Non, ce n’est pas réparé',
    optOut: 'Vous ne souhaitez plus recevoir d’e-mails au sujet de ce signalement ?',
    optOutLink: 'Ne plus recevoir d’e-mails pour ce signalement',
  },
  'report-rejected': {
    subject: 'Signalement n° {reference} clôturé',
    paragraphs: ['{followNote}', 'Le signalement n° {reference} (catégorie « {type} ») n’a pas pu être retenu et a été clôturé.', '{reason}'],
    optOut: 'Vous ne souhaitez plus recevoir d’e-mails au sujet de ce signalement ?',
    optOutLink: 'Ne plus recevoir d’e-mails pour ce signalement',
  },
  'report-duplicate': {
    subject: 'Signalement n° {reference} : déjà signalé sous le n° {original}',
    paragraphs: [
      'Le signalement n° {reference} (catégorie « {type} ») avait déjà été fait : il est suivi sous la référence {original}.',
      'Vous recevrez désormais les nouvelles du signalement n° {original}.',
    ],
    optOut: 'Vous ne souhaitez plus recevoir d’e-mails au sujet de ce signalement ?',
    optOutLink: 'Ne plus recevoir d’e-mails pour ce signalement',
  },
  'report-follow': {
    subject: 'Signalement n° {reference} : vous le suivez',
    paragraphs: [
      'Vous avez indiqué être concerné(e) par le signalement n° {reference} (catégorie « {type} ») : il est déjà suivi par la mairie.',
      'Vous recevrez ses nouvelles : les réponses de la mairie et sa clôture.',
    ],
    optOut: 'Vous ne souhaitez plus recevoir d’e-mails au sujet de ce signalement ?',
    optOutLink: 'Ne plus recevoir d’e-mails pour ce signalement',
  },
  'staff-notification': {
    subject: '[{siteName}] {title}',
    paragraphs: ['{title}', '{message}'],
    button: 'Ouvrir dans le back-office',
    after: 'Vous recevez cet e-mail selon vos préférences de notifications (Notifications › Préférences).',
  },
  'password-reset': {
    subject: 'Réinitialisation de votre mot de passe',
    paragraphs: [
      'Une demande de réinitialisation du mot de passe de votre compte du back-office de la mairie de {siteName} a été faite.',
      'Pour choisir un nouveau mot de passe, ouvrez ce lien. Il est valable {hours} heure et ne sert qu’une fois.',
    ],
    button: 'Choisir un nouveau mot de passe',
    after: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
  },
  invitation: {
    subject: 'Invitation au back-office de la mairie de {siteName}',
    paragraphs: [
      'Un compte « {role} » a été créé pour vous dans le back-office de la mairie de {siteName}, avec l’identifiant {email}.',
      'Pour l’activer, choisissez votre mot de passe. Ce lien est valable {hours} heures et ne sert qu’une fois.',
    ],
    button: 'Choisir mon mot de passe',
    after: 'Si ce lien a expiré, demandez à un administrateur de vous renvoyer l’invitation.',
  },
} as const;

/** Sentences a citizen's update mail fills in. */
export const CITIZEN_UPDATE_TEXTS = {
  /** For a follower: why they hear of a report they did not file. */
  followNote: 'Vous suivez ce signalement, qui reprend le vôtre (n° {from}).',
  followNoteNoReference: 'Vous suivez ce signalement, qui reprend le vôtre.',
  /** For a follower who said « Je suis concerné aussi » on the citizens' page. */
  followNoteConcerned: 'Vous suivez ce signalement : vous avez indiqué être concerné(e).',
  reason: 'Motif : {reply}',
} as const;
