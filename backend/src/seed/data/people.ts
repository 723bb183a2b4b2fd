/** Names used across the demo data (Mahoran first names and family names, a few from elsewhere). */

export const FIRST_NAMES = [
  'Fatima', 'Ahmed', 'Zaïnaba', 'Anli', 'Moussa', 'Echati', 'Nassuf', 'Roukia', 'Saïd', 'Mariama',
  'Soilihi', 'Hadidja', 'Bacar', 'Oumouri', 'Faouzia', 'Dhoimir', 'Chamsia', 'Ibrahim', 'Naouirou', 'Sitti',
  'Abdallah', 'Mouhamadi', 'Toiyfa', 'Julien', 'Claire',
] as const;

export const LAST_NAMES = [
  'Madi', 'Abdallah', 'Said', 'Combo', 'Attoumani', 'Houmadi', 'Ali', 'Ahamada', 'Ibrahim', 'Boina',
  'Mohamed', 'Youssouf', 'Ousseni', 'Hamidou', 'Mlanao', 'Chanfi', 'Anrifi', 'Soilihi', 'Bacar', 'Daroussi',
  'Martin', 'Dubois',
] as const;

/** Municipal agents and teams a report can be assigned to. */
export const ASSIGNEES = [
  'Moussa Attoumani',
  'Hadidja Youssouf',
  'Bacar Ousseni',
  'Naouirou Chanfi',
  'Julien Martin',
  'Équipe voirie Nord',
  'Équipe propreté Centre',
  'Régie éclairage public',
] as const;

/** "Zaïnaba Said" → "zainaba.said" (for demo e-mail addresses). */
export function emailLocalPart(fullName: string): string {
  return fullName
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z ]/g, '')
    .trim()
    .replace(/ +/g, '.');
}
