import { WEEKDAYS } from '@mamoudzou/domain/vocabulary';
import { ALWAYS_OPEN, MONDAY_TO_FRIDAY, MONDAY_TO_SATURDAY, openOn, TOWN_HALL_HOURS } from './hours';

const TOWN = { city: 'Mamoudzou', postalCode: '97600', country: 'France', region: 'Mayotte' };

/** Directory ("Annuaire") entries over every category, emergency numbers first. Fields as in the schema. */
export const DIRECTORY: Record<string, unknown>[] = [
  {
    name: 'SAMU – Urgences médicales', category: 'urgences', subcategory: 'samu',
    description: "Urgence médicale, malaise, accident : appelez le 15, jour et nuit.",
    phone: '15', emergencyPhone: '15', department: 'Centre Hospitalier de Mayotte', street: "Rue de l'Hôpital",
    latitude: -12.7846, longitude: 45.2265, services: ['Régulation médicale', 'Transport médicalisé'], tags: ['urgence', 'santé'],
    openingHours: ALWAYS_OPEN, featured: true, verified: true,
  },
  {
    name: 'Police nationale – Commissariat de Mamoudzou', category: 'urgences', subcategory: 'police',
    description: 'Urgence, agression, vol : composez le 17. Dépôt de plainte au commissariat.',
    phone: '17', emergencyPhone: '17', street: 'Centre-ville', services: ['Police secours', 'Dépôt de plainte'], tags: ['urgence', 'sécurité'],
    openingHours: ALWAYS_OPEN, featured: true, verified: true,
  },
  {
    name: 'Sapeurs-pompiers de Mayotte', category: 'urgences', subcategory: 'pompiers',
    description: 'Incendie, secours à personne, inondation : composez le 18 ou le 112.',
    phone: '18', emergencyPhone: '112', department: 'Service départemental d\'incendie et de secours',
    services: ['Incendie', 'Secours à personne', 'Risques naturels'], tags: ['urgence', 'incendie'],
    openingHours: ALWAYS_OPEN, featured: true, verified: true,
  },
  {
    name: 'Gendarmerie nationale', category: 'urgences', subcategory: 'gendarmerie',
    description: 'Intervention et sécurité publique : composez le 17.',
    phone: '17', emergencyPhone: '17', services: ['Intervention', 'Prévention'], tags: ['urgence', 'sécurité'],
    openingHours: ALWAYS_OPEN, featured: false, verified: true,
  },
  {
    name: 'Mairie de Mamoudzou', category: 'administration', subcategory: 'mairie',
    description: 'Hôtel de ville : état civil, urbanisme, élections, affaires scolaires.',
    phone: '+262 269 61 10 10', email: 'contact@mamoudzou.yt', department: 'Accueil général', street: 'Place Mariage',
    latitude: -12.7809, longitude: 45.2277, website: 'https://www.mamoudzou.yt', services: ['État civil', 'Urbanisme', 'Élections', 'Affaires scolaires'],
    tags: ['mairie', 'démarches'], openingHours: TOWN_HALL_HOURS, rating: 3.9, reviewCount: 128, featured: true, verified: true,
  },
  {
    name: 'Police municipale de Mamoudzou', category: 'administration', subcategory: 'mairie',
    description: 'Tranquillité publique, stationnement, objets trouvés.',
    department: 'Police Municipale', street: 'Place Mariage', services: ['Objets trouvés', 'Stationnement', 'Tranquillité publique'],
    tags: ['sécurité', 'mairie'], openingHours: openOn(MONDAY_TO_SATURDAY, ['07:00', '19:00']), verified: true,
  },
  {
    name: "CCAS de Mamoudzou", category: 'administration', subcategory: 'mairie',
    description: "Centre communal d'action sociale : aides, accompagnement des seniors et des familles.",
    contactPerson: 'Chamsia Ali', department: 'Action sociale', street: 'Rue du Commerce',
    services: ['Aides sociales', 'Domiciliation', 'Accompagnement des seniors'], tags: ['social', 'solidarité'],
    openingHours: openOn(MONDAY_TO_FRIDAY, ['07:30', '14:30']), rating: 4.1, reviewCount: 37, featured: true, verified: true,
  },
  {
    name: 'Mairie annexe de Kawéni', category: 'administration', subcategory: 'mairie',
    description: 'Démarches de proximité pour les habitants de Kawéni.',
    street: 'Village de Kawéni', latitude: -12.7598, longitude: 45.2221, services: ['État civil', 'Inscriptions scolaires'],
    tags: ['mairie annexe'], openingHours: openOn(MONDAY_TO_FRIDAY, ['07:30', '13:00']), verified: true,
  },
  {
    name: 'Centre des finances publiques', category: 'administration', subcategory: 'impots',
    description: 'Impôts des particuliers, paiement des amendes et des factures publiques.',
    street: 'Kawéni', services: ['Impôts', 'Paiements'], tags: ['impôts'],
    openingHours: openOn(MONDAY_TO_FRIDAY, ['08:00', '12:00']), verified: true,
  },
  {
    name: 'Centre Hospitalier de Mayotte', category: 'sante', subcategory: 'hopital',
    description: "Urgences 24 h/24, maternité, consultations.",
    phone: '+262 269 61 80 00', emergencyPhone: '15', street: "Rue de l'Hôpital", latitude: -12.7846, longitude: 45.2265,
    services: ['Urgences', 'Maternité', 'Consultations'], tags: ['hôpital', 'urgences'],
    openingHours: ALWAYS_OPEN, rating: 3.6, reviewCount: 342, featured: true, verified: true,
  },
  {
    name: 'Pharmacie du front de mer', category: 'sante', subcategory: 'pharmacie',
    description: 'Pharmacie du centre-ville. Pharmacie de garde : se renseigner auprès du commissariat.',
    street: 'Front de mer', services: ['Ordonnances', 'Conseils'], tags: ['pharmacie'],
    openingHours: openOn(MONDAY_TO_SATURDAY, ['07:30', '12:30'], ['15:00', '19:00']), rating: 4.3, reviewCount: 57, verified: false,
  },
  {
    name: 'Collège de Kawéni', category: 'education', subcategory: 'college',
    description: 'Collège public de Kawéni.',
    street: 'Kawéni', services: ['Vie scolaire', 'Restauration'], tags: ['collège'],
    openingHours: openOn(MONDAY_TO_FRIDAY, ['07:00', '16:30']), verified: true,
  },
  {
    name: 'Service des barges', category: 'transport', subcategory: 'barge',
    description: 'Liaisons Mamoudzou – Dzaoudzi pour les piétons et les véhicules.',
    street: 'Gare maritime, front de mer', latitude: -12.7779, longitude: 45.2310,
    services: ['Barge véhicules', 'Navette piétons'], tags: ['barge', 'Petite-Terre'],
    openingHours: openOn(WEEKDAYS, ['05:00', '23:30']),
    rating: 3.4, reviewCount: 178, featured: true, verified: true,
  },
  {
    name: "Service de l'eau – dépannage", category: 'services_publics', subcategory: 'eau',
    description: "Fuites sur le réseau, coupures, raccordements.",
    department: 'Eau et Assainissement', services: ['Dépannage', 'Raccordement'], tags: ['eau', 'fuite'],
    openingHours: openOn(MONDAY_TO_FRIDAY, ['07:30', '15:30']), verified: true,
  },
  {
    name: 'Électricité – dépannage', category: 'services_publics', subcategory: 'electricite',
    description: 'Pannes et urgences sur le réseau électrique.',
    services: ['Dépannage 24 h/24'], tags: ['électricité', 'panne'], openingHours: ALWAYS_OPEN, verified: true,
  },
  {
    name: 'Coopérative des artisans de Mayotte', category: 'commerce', subcategory: 'artisanat',
    description: 'Vannerie, broderie et bijoux faits main par des artisans de l\'île.',
    contactPerson: 'Mariama Boina', street: 'Place Mariage', services: ['Vente', 'Ateliers'], tags: ['artisanat', 'produits locaux'],
    openingHours: openOn(MONDAY_TO_SATURDAY, ['08:00', '16:00']), rating: 4.6, reviewCount: 22, verified: false, status: 'pending',
  },
  {
    name: 'Association des femmes de Passamainti', category: 'associations', subcategory: 'solidarite',
    description: 'Entraide, alphabétisation et activités pour les familles du village.',
    contactPerson: 'Toiyfa Houmadi', street: 'Village de Passamainti', services: ['Alphabétisation', 'Entraide'], tags: ['solidarité', 'femmes'],
    rating: 4.8, reviewCount: 15, verified: true,
  },
  {
    name: 'Troupe de debaa de Mtsapéré', category: 'associations', subcategory: 'culture',
    description: 'Chants et danses traditionnels ; répétitions ouvertes le vendredi soir.',
    contactPerson: 'Sitti Daroussi', street: 'Village de Mtsapéré', services: ['Spectacles', 'Initiation'], tags: ['culture', 'debaa'],
    verified: false, status: 'inactive',
  },
  {
    name: 'Office de tourisme', category: 'tourisme', subcategory: 'office',
    description: 'Informations sur les excursions, le lagon, les plages et les hébergements.',
    street: 'Front de mer', services: ['Information', 'Réservations d\'excursions'], tags: ['tourisme', 'lagon'],
    openingHours: openOn(MONDAY_TO_SATURDAY, ['08:00', '16:00']), rating: 4.2, reviewCount: 49, featured: true, verified: true,
  },
].map((entry) => ({ ...TOWN, status: 'active', featured: false, rating: 0, reviewCount: 0, ...entry }));
