/**
 * The two-factor login's texts: the login's second step, and the enrolment shown at a login the
 * settings hold for it and in « Mon profil ». Beside the login (it must stay light), not in fr.ts.
 */
export const twoFactorMessages = {
  step: {
    title: 'Vérification en deux étapes',
    intro: 'Saisissez le code à 6 chiffres affiché par votre application d’authentification.',
    recoveryIntro: 'Saisissez l’un de vos codes de secours. Chaque code ne sert qu’une fois.',
    code: 'Code de vérification',
    recoveryCode: 'Code de secours',
    useRecovery: 'Utiliser un code de secours',
    useApp: 'Utiliser le code de l’application',
    submit: 'Vérifier',
    submitting: 'Vérification...',
    back: 'Retour',
    codeRequired: 'Saisissez le code.',
    recoveryLeft: 'Il vous reste {n} code(s) de secours : pensez à reconfigurer la double authentification dans « Mon profil ».',
  },
  enrol: {
    requiredTitle: 'Activez la double authentification',
    requiredIntro: 'La mairie exige la double authentification pour les comptes du personnel. Configurez-la pour continuer.',
    loading: 'Préparation de la clé...',
    steps: [
      'Installez une application d’authentification sur votre téléphone (par exemple FreeOTP, Google Authenticator ou Microsoft Authenticator).',
      'Scannez le QR code avec l’application, ou saisissez la clé à la main.',
      'Saisissez le code à 6 chiffres que l’application affiche.',
    ],
    stepsLabel: 'Étapes',
    qrAlt: 'QR code à scanner avec votre application d’authentification',
    keyLabel: 'Clé à saisir à la main',
    code: 'Code à 6 chiffres',
    codeInvalid: 'Le code compte 6 chiffres.',
    confirm: 'Activer',
    confirming: 'Activation...',
    cancel: 'Annuler',
    setupError: 'Impossible de préparer la double authentification :',
    recoveryTitle: 'Vos codes de secours',
    recoveryIntro:
      'Sans votre téléphone, chacun de ces codes permet une connexion, une seule fois. Notez-les ou téléchargez-les et gardez-les en lieu sûr : ils ne seront plus affichés.',
    recoveryListLabel: 'Codes de secours',
    download: 'Télécharger les codes',
    downloadName: 'codes-de-secours.txt',
    downloadHeader: 'Codes de secours du back-office ({account}). Chaque code ne sert qu’une fois.',
    enabled: 'La double authentification est activée.',
  },
};

