/** The demo news ("Actualités"): short sections turned into rich-text blocks by content.ts. */

export interface ArticleSection {
  heading?: string;
  paragraphs: string[];
  list?: string[];
  ordered?: boolean;
}

export interface ArticleData {
  title: string;
  summary: string;
  sections: ArticleSection[];
  daysAgo: number;
  status: 'published' | 'draft' | 'archived';
  /** Cover picture theme (see photos.ts); none: no cover. */
  cover?: string;
  /** Extra gallery picture themes. */
  gallery?: string[];
}

export const ARTICLES: ArticleData[] = [
  {
    title: "Mamoudzou modernise son éclairage public",
    summary: "Plus de 400 points lumineux passent aux LED à Kawéni et Cavani : moins de pannes, une facture réduite et des rues mieux éclairées.",
    sections: [
      { paragraphs: ["La commune engage le remplacement des lampadaires les plus anciens par des luminaires LED. Les premiers chantiers concernent la route nationale 1 à Kawéni et les rues de Cavani Sud."] },
      { heading: 'Calendrier', paragraphs: ['Les travaux se déroulent de nuit pour limiter la gêne à la circulation.'], list: ['Kawéni : ce mois-ci', 'Cavani : le mois prochain', 'Mtsapéré et Passamainti : au second semestre'] },
    ],
    daysAgo: 4, status: 'published', cover: 'soleil',
  },
  {
    title: 'Opération « Mamoudzou ville propre » dans tous les quartiers',
    summary: "Habitants, associations et agents municipaux se mobilisent chaque samedi matin pour nettoyer les rues, les ravines et les plages de la commune.",
    sections: [
      { paragraphs: ["Après le succès des premières éditions, l'opération est étendue à l'ensemble des villages de la commune. Gants, sacs et pinces sont fournis sur place.", 'Les déchets collectés sont triés puis acheminés vers le centre de traitement.'] },
      { heading: 'Comment participer ?', paragraphs: ["Il suffit de se présenter au point de rendez-vous de son quartier à 7 h 30."], list: ['Kawéni : place du village', 'Centre-ville : place Mariage', 'Tsoundzou 1 : plateau sportif'] },
    ],
    daysAgo: 9, status: 'published', cover: 'nature', gallery: ['ville', 'lagon'],
  },
  {
    title: 'Travaux sur le boulevard Mawana Madi : circulation alternée',
    summary: "Des travaux de réfection de la chaussée imposent une circulation alternée sur le boulevard Mawana Madi pendant trois semaines.",
    sections: [
      { paragraphs: ['La chaussée, très dégradée après la saison des pluies, est entièrement reprise. Des feux temporaires règlent la circulation entre 8 h et 16 h.', "L'accès aux commerces et à la gare maritime de la Barge reste assuré."] },
    ],
    daysAgo: 15, status: 'published', cover: 'ville',
  },
  {
    title: 'Rentrée scolaire : nouvelles classes à Mtsapéré et Passamainti',
    summary: "Six nouvelles salles de classe accueillent les élèves à la rentrée, ainsi qu'un réfectoire agrandi à l'école de Mtsapéré.",
    sections: [
      { paragraphs: ["La commune poursuit son programme de construction scolaire pour réduire les rotations et accueillir tous les enfants dans de bonnes conditions."] },
      { heading: 'Les équipements livrés', paragraphs: [], list: ['Quatre classes à Mtsapéré', 'Deux classes à Passamainti', 'Un réfectoire de 120 places'] },
    ],
    daysAgo: 28, status: 'published', cover: 'ville',
  },
  {
    title: "Ressource en eau : les bons gestes au quotidien",
    summary: "En période de tension sur la ressource en eau, chacun peut agir. Rappel des gestes simples et des numéros utiles pour signaler une fuite.",
    sections: [
      { paragraphs: ["Une fuite sur la voie publique se signale directement depuis le service de signalement de la mairie, rubrique « Réseau »."] },
      { heading: 'Les gestes simples', paragraphs: [], list: ['Stocker l\'eau dans des récipients propres et fermés', 'Réparer rapidement les fuites domestiques', 'Réutiliser l\'eau de rinçage pour les plantes'], ordered: true },
    ],
    daysAgo: 36, status: 'published', cover: 'lagon',
  },
  {
    title: 'Le marché couvert fait peau neuve',
    summary: "Toiture refaite, nouveaux étals et meilleure ventilation : le marché couvert de Mamoudzou rouvre ses portes aux commerçants et aux clients.",
    sections: [
      { paragraphs: ["Après deux mois de travaux, les vendeuses et vendeurs de fruits, légumes et épices retrouvent un marché modernisé, au cœur du centre-ville.", 'Les horaires restent inchangés : du lundi au samedi, de 6 h à 13 h.'] },
    ],
    daysAgo: 47, status: 'published', cover: 'fete',
  },
  {
    title: 'Signaler un problème dans votre quartier devient plus simple',
    summary: "Lampadaire éteint, nid-de-poule, dépôt sauvage : les signalements sont désormais suivis par les services municipaux jusqu'à leur résolution.",
    sections: [
      { paragraphs: ['Chaque signalement est enregistré, attribué au service compétent et suivi avec un délai de traitement selon sa priorité.'] },
      { heading: 'Les délais visés', paragraphs: [], list: ['Critique : 24 heures', 'Haute : 3 jours', 'Normale : 7 jours', 'Basse : 14 jours'] },
    ],
    daysAgo: 55, status: 'published',
  },
  {
    title: 'Saison cyclonique : se préparer dès maintenant',
    summary: "La saison cyclonique approche. La commune rappelle les réflexes à adopter et les lieux d'hébergement d'urgence.",
    sections: [
      { paragraphs: ["Les consignes de la préfecture sont relayées par la mairie et la radio. En cas d'alerte, suivez uniquement les informations officielles."] },
      { heading: 'Les bons réflexes', paragraphs: [], list: ['Préparer un sac avec papiers, médicaments, eau et lampe', 'Dégager les caniveaux et fixer les tôles', 'Repérer le lieu d\'hébergement le plus proche'], ordered: true },
    ],
    daysAgo: 63, status: 'published', cover: 'lagon',
  },
  {
    title: 'Plage de Passamainti : 2 tonnes de déchets ramassées',
    summary: "Les associations du village et les agents de l'environnement ont nettoyé la plage et la mangrove de Passamainti.",
    sections: [
      { paragraphs: ["Plus de quatre-vingts bénévoles ont participé à la matinée. Plastiques, canettes et filets ont été collectés puis triés.", 'Merci à toutes et à tous pour cette belle mobilisation !'] },
    ],
    daysAgo: 72, status: 'published', cover: 'lagon', gallery: ['nature'],
  },
  {
    title: 'Conseil municipal : les principales décisions',
    summary: "Budget des écoles, rénovation de l'éclairage, subventions aux associations : retour sur la dernière séance du conseil municipal.",
    sections: [
      { paragraphs: ["Le conseil municipal s'est réuni à l'hôtel de ville. L'ensemble des délibérations est consultable en mairie et sur le site de la commune."] },
      { heading: 'À retenir', paragraphs: [], list: ['Vote du budget des constructions scolaires', 'Subventions à 24 associations sportives et culturelles', 'Convention avec le Département pour la route nationale'] },
    ],
    daysAgo: 85, status: 'published', cover: 'ville',
  },
  {
    title: 'Ramadan : horaires adaptés des services municipaux',
    summary: "Pendant le mois de Ramadan, l'accueil de l'hôtel de ville et des mairies annexes ouvre de 7 h 30 à 13 h 30.",
    sections: [
      { paragraphs: ['Les services d\'urgence et la police municipale restent joignables aux horaires habituels. Bon Ramadan à toutes et à tous.'] },
    ],
    daysAgo: 110, status: 'published',
  },
  {
    title: 'Tsoundzou : aménagement des berges de la Kwalé',
    summary: "Un projet de promenade et de protection des berges de la rivière Kwalé est à l'étude avec les habitants de Tsoundzou 1 et 2.",
    sections: [
      { paragraphs: ['Une réunion publique présentera le projet et recueillera les avis des riverains.'] },
    ],
    daysAgo: 2, status: 'draft', cover: 'nature',
  },
  {
    title: 'Inscriptions au centre de loisirs des vacances',
    summary: "Les inscriptions pour l'accueil de loisirs des prochaines vacances scolaires ouvrent au CCAS et dans les mairies annexes.",
    sections: [
      { paragraphs: ['Activités sportives, ateliers culturels et sorties au lagon sont au programme pour les enfants de 6 à 12 ans.'], list: ['Livret de famille', 'Carnet de vaccination', 'Justificatif de domicile'] },
    ],
    daysAgo: 1, status: 'draft',
  },
  {
    title: 'Budget participatif : déposez vos projets',
    summary: "Aire de jeux, éclairage, jardin partagé : proposez un projet pour votre quartier, les habitants voteront pour leurs préférés.",
    sections: [
      { paragraphs: ['Les projets sont déposés en mairie ou lors des permanences de quartier.'] },
    ],
    daysAgo: 6, status: 'draft', cover: 'soleil',
  },
  {
    title: 'Retour sur la fête de la musique au front de mer',
    summary: "Des milliers de personnes ont profité des concerts sur le front de mer de Mamoudzou, du m'godro au rap local.",
    sections: [
      { paragraphs: ["Groupes de debaa, chanteurs et DJ se sont succédé jusqu'à minuit dans une ambiance familiale."] },
    ],
    daysAgo: 160, status: 'archived', cover: 'fete',
  },
];
