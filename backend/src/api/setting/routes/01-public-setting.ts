// Loaded before the core router. What a visitor may know before logging in: the town's name and
// whether public registration is open (the full settings hold the map API key and stay private).
export default {
  routes: [
    { method: 'GET', path: '/setting/public', handler: 'setting.public', config: { auth: false } },
    // "Réinitialiser": every setting back to its default (the matrix's delete of parametrages: administrators, domain/resources.ts).
    { method: 'POST', path: '/setting/reset', handler: 'setting.reset' },
  ],
};
