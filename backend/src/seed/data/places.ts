/** Where reports happen: a few places per zone of Mamoudzou, with coordinates near the zone's centre. */

export interface ReportPlace {
  /** Used in titles: "Nid-de-poule " + at. */
  at: string;
  address: string;
  latitude: number;
  longitude: number;
}

const place = (at: string, address: string, latitude: number, longitude: number): ReportPlace => ({ at, address, latitude, longitude });

export const REPORT_PLACES: Record<string, ReportPlace[]> = {
  'Centre-ville': [
    place('boulevard Mawana Madi', 'Boulevard Mawana Madi, 97600 Mamoudzou', -12.7805, 45.2285),
    place('rue du Commerce', 'Rue du Commerce, 97600 Mamoudzou', -12.7795, 45.2292),
    place('place Mariage', 'Place Mariage, 97600 Mamoudzou', -12.7812, 45.2278),
    place('sur le front de mer', 'Front de mer, 97600 Mamoudzou', -12.7786, 45.2301),
    place('près de la gare maritime de la Barge', 'Gare maritime de la Barge, 97600 Mamoudzou', -12.7779, 45.2310),
    place('devant le marché couvert', 'Marché couvert, rue du Commerce, 97600 Mamoudzou', -12.7801, 45.2270),
  ],
  Kawéni: [
    place('dans la zone industrielle de Kawéni', 'Zone industrielle de Kawéni, 97600 Mamoudzou', -12.7585, 45.2262),
    place('sur la route nationale 1 à Kawéni', 'Route nationale 1, Kawéni, 97600 Mamoudzou', -12.7620, 45.2240),
    place('au village de Kawéni', 'Village de Kawéni, 97600 Mamoudzou', -12.7598, 45.2221),
    place('près du stade de Kawéni', 'Stade de Kawéni, 97600 Mamoudzou', -12.7610, 45.2205),
    place('à Mandzarsoa', 'Quartier Mandzarsoa, Kawéni, 97600 Mamoudzou', -12.7567, 45.2233),
  ],
  Cavani: [
    place('aux abords du stade de Cavani', 'Stade de Cavani, 97600 Mamoudzou', -12.7905, 45.2218),
    place('à Cavani Sud', 'Cavani Sud, 97600 Mamoudzou', -12.7931, 45.2226),
    place('à Cavani Massimoni', 'Massimoni, Cavani, 97600 Mamoudzou', -12.7884, 45.2196),
    place('rue de Cavani', 'Rue de Cavani, 97600 Mamoudzou', -12.7893, 45.2234),
  ],
  Mtsapéré: [
    place("devant l'école de Mtsapéré", 'École primaire de Mtsapéré, 97600 Mamoudzou', -12.7952, 45.2148),
    place('au centre de Mtsapéré', 'Village de Mtsapéré, 97600 Mamoudzou', -12.7960, 45.2162),
    place('sur la route de Mtsapéré', 'Route de Mtsapéré, 97600 Mamoudzou', -12.7938, 45.2175),
    place('près de la mosquée de Mtsapéré', 'Rue de la Mosquée, Mtsapéré, 97600 Mamoudzou', -12.7971, 45.2139),
  ],
  Passamainti: [
    place('sur la plage de Passamainti', 'Plage de Passamainti, 97600 Mamoudzou', -12.8162, 45.2021),
    place('au village de Passamainti', 'Village de Passamainti, 97600 Mamoudzou', -12.8148, 45.1995),
    place('sur la route nationale 2 à Passamainti', 'Route nationale 2, Passamainti, 97600 Mamoudzou', -12.8135, 45.2010),
  ],
  Tsoundzou: [
    place('à Tsoundzou 1', 'Tsoundzou 1, 97600 Mamoudzou', -12.8185, 45.1872),
    place('à Tsoundzou 2', 'Tsoundzou 2, 97600 Mamoudzou', -12.8231, 45.1818),
    place('près du pont de la rivière Kwalé', 'Pont de la Kwalé, Tsoundzou 1, 97600 Mamoudzou', -12.8202, 45.1890),
  ],
  Autres: [
    place('à Vahibé', 'Village de Vahibé, 97600 Mamoudzou', -12.7958, 45.1710),
    place('à Doujani', 'Quartier Doujani, 97600 Mamoudzou', -12.8040, 45.2085),
    place('sur la route de Vahibé', 'Route de Vahibé, 97600 Mamoudzou', -12.7930, 45.1850),
  ],
};
