/** The demo events, over the past and coming months (daysFromNow < 0: already happened). */
import type { EVENT_CATEGORIES } from '@mamoudzou/domain/vocabulary';

export interface EventData {
  title: string;
  daysFromNow: number;
  time: string; // HH:mm
  location: string;
  category: (typeof EVENT_CATEGORIES)[number];
  description: string;
  picture?: string;
}

export const EVENTS: EventData[] = [
  { title: 'Marché des producteurs locaux', daysFromNow: -80, time: '07:00', location: 'Place Mariage, Mamoudzou', category: 'Économie', description: 'Fruits, légumes, épices et produits transformés des agriculteurs de Mayotte, en vente directe.', picture: 'fete' },
  { title: 'Conseil municipal', daysFromNow: -66, time: '17:00', location: 'Hôtel de ville de Mamoudzou', category: 'Politique', description: 'Séance publique du conseil municipal. Ordre du jour affiché en mairie.' },
  { title: 'Journée de nettoyage de la mangrove de Tsoundzou', daysFromNow: -52, time: '07:30', location: 'Mangrove de Tsoundzou 2', category: 'Environnement', description: 'Ramassage des déchets dans la mangrove avec les associations environnementales. Prévoir des chaussures fermées.', picture: 'nature' },
  { title: 'Campagne de vaccination gratuite', daysFromNow: -45, time: '08:00', location: 'Mairie annexe de Kawéni', category: 'Santé', description: "Vaccination gratuite des enfants et des adultes avec l'équipe de la protection maternelle et infantile. Apporter son carnet de santé." },
  { title: 'Tournoi de football inter-quartiers', daysFromNow: -38, time: '14:00', location: 'Stade de Cavani', category: 'Sport', description: 'Seize équipes des quartiers de Mamoudzou s\'affrontent pour la coupe de la ville.', picture: 'sport' },
  { title: 'Soirée contes en shimaoré', daysFromNow: -30, time: '19:00', location: 'Médiathèque de Mamoudzou', category: 'Culture', description: 'Les conteurs transmettent les histoires et légendes de Mayotte, en shimaoré et en français. Pour toute la famille.' },
  { title: 'Atelier numérique pour les seniors', daysFromNow: -21, time: '09:00', location: 'CCAS de Mamoudzou', category: 'Social', description: 'Apprendre à utiliser un smartphone, envoyer des photos et faire ses démarches en ligne. Sur inscription.' },
  { title: 'Forum de l\'emploi et de la formation', daysFromNow: -12, time: '08:30', location: 'Zone industrielle de Kawéni', category: 'Économie', description: 'Rencontres avec les entreprises qui recrutent, les organismes de formation et les services de l\'emploi.', picture: 'ville' },
  { title: 'Dépistage du diabète et de l\'hypertension', daysFromNow: -5, time: '08:00', location: 'Place du marché de Mtsapéré', category: 'Santé', description: 'Dépistage gratuit et conseils de prévention avec les infirmiers du réseau de santé.' },
  { title: 'Les foulées du front de mer', daysFromNow: 3, time: '06:30', location: 'Front de mer de Mamoudzou', category: 'Sport', description: 'Course à pied de 5 et 10 km le long du lagon. Départ matinal pour éviter la chaleur.', picture: 'sport' },
  { title: 'Réunion publique du quartier de Passamainti', daysFromNow: 8, time: '18:00', location: 'Plateau sportif de Passamainti', category: 'Politique', description: "Les élus viennent à la rencontre des habitants : voirie, éclairage, propreté et projets du quartier." },
  { title: 'Collecte des encombrants à Kawéni', daysFromNow: 12, time: '06:00', location: 'Village de Kawéni', category: 'Environnement', description: 'Sortez vos encombrants la veille au soir devant votre domicile, sans gêner le passage.' },
  { title: 'Semaine de la réussite éducative', daysFromNow: 19, time: '08:00', location: 'École primaire de Mtsapéré', category: 'Éducation', description: 'Ateliers de lecture, aide aux devoirs et rencontres avec les parents dans les écoles de la commune.' },
  { title: 'Exposition « Mamoudzou d\'hier et d\'aujourd\'hui »', daysFromNow: 26, time: '09:00', location: 'Hôtel de ville de Mamoudzou', category: 'Culture', description: 'Photographies anciennes et récentes de la ville, de la Barge et du front de mer.', picture: 'lagon' },
  { title: 'Distribution de kits scolaires', daysFromNow: 33, time: '08:00', location: 'CCAS de Mamoudzou', category: 'Social', description: 'Distribution de fournitures scolaires aux familles inscrites auprès du CCAS.' },
  { title: 'Tournoi de basket 3x3', daysFromNow: 41, time: '15:00', location: 'Plateau sportif de Tsoundzou 1', category: 'Sport', description: 'Tournoi ouvert aux 14-25 ans, inscriptions par équipe de trois.' },
  { title: 'Plantation d\'arbres à Vahibé', daysFromNow: 52, time: '07:30', location: 'Village de Vahibé', category: 'Environnement', description: 'Plantation de manguiers et d\'arbres fruitiers pour lutter contre l\'érosion des sols.', picture: 'nature' },
  { title: 'Salon de l\'artisanat mahorais', daysFromNow: 64, time: '09:00', location: 'Place Mariage, Mamoudzou', category: 'Économie', description: 'Vannerie, broderie, bijoux et produits de beauté traditionnels : les artisans de Mayotte exposent et vendent leurs créations.', picture: 'fete' },
  { title: 'Journée portes ouvertes de la mairie', daysFromNow: 78, time: '08:00', location: 'Hôtel de ville de Mamoudzou', category: 'Autre', description: 'Découvrez les services municipaux, rencontrez les agents et les élus.' },
  { title: 'Concert de m\'godro et de debaa', daysFromNow: 95, time: '19:30', location: 'Front de mer de Mamoudzou', category: 'Culture', description: 'Une soirée consacrée aux musiques et chants traditionnels de Mayotte.', picture: 'soleil' },
];
