/** What citizens report, per sub-type (or per type when it has none): [title, first sentence]. "{at}" is the place, "{duree}" a duration. */
export const PROBLEMS: Record<string, [string, string][]> = {
  'Lampadaire éteint': [
    ['Lampadaire éteint', "Le lampadaire {at} ne s'allume plus depuis {duree}."],
    ['Lampadaires éteints', 'Deux lampadaires consécutifs sont éteints {at} ; le passage est dans le noir dès 18 h 30.'],
  ],
  'Lampadaire endommagé': [
    ['Lampadaire endommagé', 'Le mât d\'un lampadaire {at} a été percuté par un véhicule et penche dangereusement.'],
    ['Lampadaire arraché', "La crosse d'un lampadaire {at} est arrachée, des câbles sont visibles."],
  ],
  'Éclairage insuffisant': [
    ['Éclairage insuffisant', "L'éclairage {at} est trop faible : on ne voit pas les piétons le soir."],
  ],
  'Nid-de-poule': [
    ['Nid-de-poule', "Un nid-de-poule d'environ 40 cm s'est formé {at} après les dernières pluies."],
    ['Trous dans la chaussée', 'Plusieurs trous dans la chaussée {at} obligent les voitures à se déporter.'],
  ],
  'Chaussée dégradée': [['Chaussée dégradée', 'La chaussée est fissurée et affaissée {at} sur une vingtaine de mètres.']],
  'Trottoir endommagé': [
    ['Trottoir endommagé', 'Le trottoir {at} est cassé, des dalles se soulèvent.'],
    ['Bordure de trottoir effondrée', 'La bordure du trottoir {at} s\'est effondrée : les poussettes doivent passer sur la route.'],
  ],
  "Regard d'égout": [
    ["Plaque d'égout descellée", "Une plaque d'égout est descellée {at} et bouge au passage des voitures."],
    ['Regard sans couvercle', "Le couvercle d'un regard a disparu {at}, le trou n'est signalé que par une branche."],
  ],
  'Dépôt sauvage': [['Dépôt sauvage', "Un dépôt sauvage (gravats, sacs d'ordures et déchets verts) s'accumule {at}."]],
  'Poubelle pleine': [['Bacs de collecte pleins', 'Les bacs de collecte {at} débordent depuis {duree} et les déchets se répandent.']],
  Encombrants: [['Encombrants abandonnés', 'Des encombrants (matelas, réfrigérateur, meubles) ont été abandonnés {at}.']],
  'Carcasse de véhicule': [['Carcasse de véhicule', 'Une carcasse de voiture sans plaques est abandonnée {at} depuis {duree}.']],
  'Eau potable': [
    ["Fuite d'eau", "Fuite d'eau importante sur la conduite {at} : l'eau coule sur la chaussée."],
    ["Coupure d'eau", "Plus d'eau au robinet {at} depuis {duree}, plusieurs foyers sont concernés."],
  ],
  Assainissement: [['Caniveau bouché', "Un caniveau bouché {at} provoque des débordements d'eaux usées et de fortes odeurs."]],
  Électricité: [['Coffret électrique ouvert', 'Un coffret électrique est ouvert {at}, des fils sont à portée des enfants.']],
  Télécommunications: [['Poteau téléphonique tombé', 'Un poteau téléphonique est tombé {at}, les câbles traînent au sol.']],
  'Arbre dangereux': [
    ['Branche menaçante', 'Un manguier {at} a une grosse branche fendue au-dessus du passage.'],
    ['Cocotier penché', 'Un cocotier penche fortement {at} ; des noix tombent sur le trottoir.'],
  ],
  Élagage: [['Élagage nécessaire', 'Les branches des arbres {at} masquent la visibilité et touchent les câbles.']],
  Entretien: [['Herbes hautes', 'Les herbes hautes {at} envahissent le trottoir et les abords.']],
  Banc: [['Banc cassé', 'Un banc est cassé {at}, les lattes sont arrachées.']],
  Abribus: [['Abribus vandalisé', "La vitre de l'abribus {at} est brisée, il y a des éclats de verre au sol."]],
  Barrière: [['Barrière de sécurité tordue', 'La barrière de sécurité {at} est tordue et ne protège plus les piétons.']],
  'Aire de jeux': [['Jeu pour enfants abîmé', "Le toboggan de l'aire de jeux {at} est fendu : risque de blessure pour les enfants."]],
  Panneau: [
    ['Panneau stop arraché', 'Le panneau stop {at} a été arraché et gît au sol.'],
    ['Panneau illisible', 'Le panneau de limitation de vitesse {at} est illisible.'],
  ],
  'Feu tricolore': [
    ['Feu tricolore bloqué', 'Le feu tricolore {at} reste bloqué au rouge.'],
    ['Feu tricolore en panne', 'Le feu tricolore {at} clignote à l\'orange en permanence.'],
  ],
  'Marquage au sol': [['Passage piéton effacé', "Le passage piéton {at} est effacé, les voitures ne s'arrêtent plus."]],
  Autres: [
    ["Divagation d'animaux", 'Des zébus divaguent {at} et traversent la route aux heures de pointe.'],
    ['Stationnement gênant', 'Des véhicules sont garés en permanence sur le trottoir {at}.'],
    ['Tags et affichage sauvage', 'Des tags et des affiches sauvages recouvrent le mur {at}.'],
    ['Nuisances sonores', 'Un chantier {at} commence avant 6 h du matin, y compris le week-end.'],
  ],
};

export const DURATIONS = ['trois jours', 'une semaine', 'deux semaines', "plus d'un mois"];

/** Second sentence, by priority. */
export const URGENCY: Record<string, string[]> = {
  critique: ["Danger immédiat : merci d'intervenir en urgence.", 'Un accident a déjà été évité de justesse hier soir.'],
  haute: ['La situation se dégrade rapidement avec la pluie.', "Beaucoup de passage à cet endroit, surtout à la sortie de l'école."],
  normale: ["Merci de prévoir une intervention.", "Les riverains l'ont déjà signalé à la mairie annexe."],
  basse: ["Pas d'urgence, mais il faudrait le traiter.", "Constaté lors d'une tournée de quartier."],
};

/** The service in charge, by report type. */
export const SERVICE_BY_TYPE: Record<string, string[]> = {
  'Éclairage public': ['Service Technique'],
  Voirie: ['Service Technique', 'Urbanisme'],
  Propreté: ['Environnement'],
  Réseau: ['Eau et Assainissement'],
  'Espaces verts': ['Espaces Verts'],
  'Mobilier urbain': ['Service Technique'],
  Signalisation: ['Police Municipale', 'Service Technique'],
  Autres: ['Police Municipale', 'Environnement', 'Communication'],
};

export const TAGS_BY_TYPE: Record<string, string[]> = {
  'Éclairage public': ['nuit', 'sécurité'],
  Voirie: ['chaussée', 'saison des pluies'],
  Propreté: ['déchets', 'santé publique'],
  Réseau: ['eau', 'concessionnaire'],
  'Espaces verts': ['arbres', 'sécurité'],
  'Mobilier urbain': ['vandalisme', 'équipement'],
  Signalisation: ['circulation', 'sécurité'],
  Autres: ['voisinage'],
};
export const COMMON_TAGS = ['récurrent', 'école à proximité', 'signalé par téléphone', 'quartier prioritaire', 'route nationale'];

/** Internal notes by report status ("{agent}" is the assignee). */
export const NOTES_BY_STATUS: Record<string, string[]> = {
  nouveau: ['À qualifier : photos demandées au déclarant.', 'Vérifier s\'il ne s\'agit pas d\'un doublon.'],
  en_cours: ['Intervention programmée avec {agent}.', 'Matériel commandé, livraison attendue en fin de semaine.', 'Périmètre de sécurité posé.'],
  en_attente: ['En attente du concessionnaire du réseau.', 'Devis demandé au prestataire.', 'Route nationale : demande transmise aux services du Département.'],
  resolu: ['Intervention terminée, photo de contrôle prise.', 'Réparé par {agent}.', 'Déclarant prévenu par téléphone.'],
  rejete: ["Doublon d'un signalement déjà traité.", 'Hors compétence communale : transmis au gestionnaire.', 'Terrain privé : propriétaire informé par courrier.'],
};
